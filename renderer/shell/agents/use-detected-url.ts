import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Deployment } from '../../../shared/api/deployments';
import { connectedDeploymentsApi, addLocalDeployment, type PrivateDeployment, useLocalDeployments, useRegisterPrivateDeployment, withLocalIds } from '../../queries/connected-deployments';
import { deploymentsApi } from '../../queries/deployments';
import { useAuthStore } from '../../auth/store';
import { useConfigStore } from '../../app/config-store';
import { type DetectedUrlContext, detectedDeployment, detectedUrlParam } from './detected-url';

async function orEmpty<T>(load: () => Promise<T[]>, what: string): Promise<T[]> {
  try {
    return await load();
  } catch (err) {
    console.error(`Looking up ${what} failed`, err);
    return [];
  }
}

function hostOf(url: string | undefined): string[] {
  try {
    return url ? [new URL(url).host] : [];
  } catch {
    return [];
  }
}

/**
 * The gallery's `{brandId}_url` parameter names an installation that sent its user here. It is read
 * once and removed from the address at once (replace, so Back does not bring it back); when sign-in
 * has settled it is added to the user's private deployments unless a skip rule applies (spec 5).
 */
export function useDetectedDeploymentUrl(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const register = useRegisterPrivateDeployment();
  const config = useConfigStore((s) => s.config);
  const status = useAuthStore((s) => s.status);
  const pending = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (!config) return;
    const params = new URLSearchParams(location.search);
    const key = detectedUrlParam(config.product.id);
    const value = params.get(key);
    if (value === null) return;
    pending.current = value;
    params.delete(key);
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
  }, [config, location, navigate]);

  useEffect(() => {
    const url = pending.current;
    if (url === undefined || !config || status === 'loading') return;
    pending.current = undefined;
    const signedIn = status === 'signed-in';
    void (async () => {
      const existing: PrivateDeployment[] = signedIn ? await orEmpty(connectedDeploymentsApi.list, 'private deployments') : withLocalIds(useLocalDeployments.getState().entries);
      const managed: Deployment[] = signedIn ? await orEmpty(deploymentsApi(config.product).list, 'hosted deployments') : [];
      const ctx: DetectedUrlContext = {
        defaultAppUrl: config.hostedAppUrl,
        recognisedHosts: hostOf(config.hostedAppUrl),
        existing,
        managed,
      };
      const entry = detectedDeployment(url, ctx);
      if (!entry) return;
      if (!signedIn) {
        addLocalDeployment(entry);
        return;
      }
      try {
        await register({ ...entry, is_default: false });
      } catch (err) {
        console.error('Adding the detected deployment failed', err);
      }
    })();
    // location: the first effect stores the value on the same render pass that may already be settled
  }, [config, status, register, location]);
}
