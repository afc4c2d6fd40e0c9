import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useReturnToStore } from './return-to-store';

/** After sign-in finishes, replaces the callback address with where the user was going. */
export function ReturnToNavigator() {
  const returnTo = useReturnToStore((s) => s.returnTo);
  const navigate = useNavigate();
  useEffect(() => {
    if (!returnTo) return;
    useReturnToStore.setState({ returnTo: undefined });
    void navigate(returnTo, { replace: true });
  }, [returnTo, navigate]);
  return null;
}
