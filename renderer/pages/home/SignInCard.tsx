import { useLocation } from 'react-router-dom';
import { signIn } from '../../auth/session';
import { selectSessionPending, useAuthStore } from '../../auth/store';
import { currentPath } from '../../routes/links';

/** A signed-out card body: why to sign in, and a Sign In button that comes back here afterwards. */
export function SignInCard({ text }: { text: string }) {
  const location = useLocation();
  const pending = useAuthStore(selectSessionPending);
  return (
    <div className={pending ? 'cc-empty session-pending' : 'cc-empty'} data-testid="cc-sign-in">
      <p className="muted">{text}</p>
      <button type="button" className="btn btn-primary" onClick={() => signIn(currentPath(location))}>
        Sign In
      </button>
    </div>
  );
}
