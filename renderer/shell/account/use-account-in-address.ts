import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { accountQueryParam } from '../../../shared/api/teams';
import { personal, useAccountStore } from '../../auth/account-store';
import { addressInBrowser } from '../../routes/browser-address';
import { matchPath } from '../../routes/path';
import { routes } from '../../routes/table';

/**
 * The address names the account this tab acts in (`?account=<team id>`, or `personal` once the
 * tab chose its own over another tab's team), so a copied link opens in the same account.
 */
export function useAccountInAddress(): void {
  const teamId = useAccountStore((s) => s.teamId);
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    // A navigation still in its transition (the router renders it later than an account switch made
    // in the same click): writing the rendered address now would replace the new page with the old one.
    if (addressInBrowser() !== location.pathname + location.search) return;
    // An administrator's lists use `?account=` as their filter (whose rows), not as the account the tab acts in.
    if (routes[matchPath(location.pathname).name].auth === 'admin') return;
    const params = new URLSearchParams(location.search);
    const shown = params.get(accountQueryParam);
    const wanted = teamId ?? (shown === null ? null : personal);
    if (shown === wanted) return;
    if (wanted === null) params.delete(accountQueryParam);
    else params.set(accountQueryParam, wanted);
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true, state: location.state as unknown });
  }, [teamId, location, navigate]);
}
