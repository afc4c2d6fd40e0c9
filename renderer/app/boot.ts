import { authApi } from '../queries/auth';
import { callbackPath } from '../auth/callback-path';
import { startAuth } from '../auth/session';
import { exchangeProblem } from '../auth/sign-in-problem';
import { useAuthStore } from '../auth/store';
import { platform } from '../platform/index';
import { linkTo } from '../routes/links';
import { toast } from '../shell/toast-store';
import { useConfigStore } from './config-store';
import { useReturnToStore } from './return-to-store';

/**
 * Start-up, while the shell already renders: load the public config, create the host's sign-in
 * driver and finish a sign-in redirect or run the silent check.
 */
export async function boot(): Promise<void> {
  try {
    const config = await authApi.publicConfig();
    useConfigStore.setState({ config });
    const returnTo = await startAuth(platform.createAuth(config));
    if (returnTo) useReturnToStore.setState({ returnTo });
  } catch (err) {
    useAuthStore.setState({ status: 'signed-out', session: undefined, isAdmin: false });
    // A sign-in that failed stays on its page, which says why and offers to try again.
    if (window.location.pathname === callbackPath) {
      useAuthStore.setState({ problem: exchangeProblem(err, linkTo('home')) });
      return;
    }
    toast({ kind: 'error', title: 'Could not start Launchpad', message: err instanceof Error ? err.message : String(err) });
  }
}
