import { authApi } from '../queries/auth';
import { setTokenSource } from '../api/client';
import { useAuthStore } from './store';
import { ApiError } from '../api/client';
import { callbackPath } from './callback-path';
import { refusedProblem } from './sign-in-problem';
import { AuthRefreshError, type AuthDriver, type Session } from './types';

/** Token check cadence and threshold from the spec: every 60 s, refresh when under 70 s remain. */
export const refreshCheckMs = 60_000;
export const refreshWhenUnderMs = 70_000;

/** An API request made when the token has less than this left renews it first (a woken laptop, an issuer's short tokens). */
export const refreshBeforeRequestMs = 5_000;

let driver: AuthDriver | undefined;
let timer: number | undefined;
let refreshing: Promise<void> | undefined;

setTokenSource(async () => {
  const session = useAuthStore.getState().session;
  if (driver && session && session.expiresAt - Date.now() <= refreshBeforeRequestMs) await refreshNow();
  return useAuthStore.getState().session?.accessToken;
});

function signedOutLocally() {
  window.clearInterval(timer);
  useAuthStore.setState({ status: 'signed-out', session: undefined, isAdmin: false });
}

/** Takes a new session; false when the server refuses the identity in it (then the person is signed out, and the problem says why). */
async function adopt(session: Session, returnTo: string | undefined): Promise<boolean> {
  useAuthStore.setState({ status: 'signed-in', session, problem: undefined });
  if (!session.email) {
    // An issuer whose ID token has no email: the API knows it (from the access token or the issuer's userinfo).
    try {
      const { email } = await authApi.me();
      const current = useAuthStore.getState().session;
      if (email && current) useAuthStore.setState({ session: { ...current, email } });
    } catch {
      // the header shows no email until the next sign-in
    }
  }
  try {
    const { isAdmin } = await authApi.checkAdmin();
    useAuthStore.setState({ isAdmin });
  } catch (err) {
    useAuthStore.setState({ isAdmin: false });
    // The server refused who the issuer says this is (no e-mail address, another provider's account): not signed in.
    if (returnTo !== undefined && err instanceof ApiError && (err.status === 401 || err.status === 403)) {
      signedOutLocally();
      useAuthStore.setState({ problem: refusedProblem(err.message, returnTo) });
      return false;
    }
  }
  return true;
}

export async function refreshIfNeeded(now = Date.now()): Promise<void> {
  const session = useAuthStore.getState().session;
  if (!driver || !session || session.expiresAt - now > refreshWhenUnderMs) return;
  await refreshNow();
}

/** One refresh at a time: the timer and the requests that find the token expiring share it. */
function refreshNow(): Promise<void> {
  refreshing ??= (async () => {
    const session = useAuthStore.getState().session;
    if (!driver || !session) return;
    try {
      const fresh = await driver.refresh(session);
      if (useAuthStore.getState().session === session) useAuthStore.setState({ session: fresh });
    } catch (err) {
      if (err instanceof AuthRefreshError && (err.code === 'invalid_grant' || err.code === 'invalid_token')) signedOutLocally();
    }
  })().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

/** Runs once at start: finishes a sign-in redirect or checks silently, then keeps the token fresh. */
export async function startAuth(d: AuthDriver): Promise<string | undefined> {
  driver = d;
  const { session, returnTo, problem } = await d.restore();
  if (session) {
    // A refused identity sends the person to the callback page, which says why (the desktop app lands elsewhere).
    if (!(await adopt(session, returnTo))) return callbackPath;
    timer = window.setInterval(() => void refreshIfNeeded(), refreshCheckMs);
  } else {
    signedOutLocally();
    if (problem) useAuthStore.setState({ problem });
  }
  return returnTo;
}

/** Login returns to /app unless a path is given. */
export function signIn(returnTo = '/app'): void {
  void driver?.login(returnTo);
}

/**
 * Logout ends what the sign-in opened without relying on the identity provider's cookie: first the
 * server ends this session's terminals (while the token still works), then the driver revokes the
 * refresh token (RFC 7009) and ends the provider's session, returning to /. A failed step is logged
 * and the next one still runs: nobody stays signed in because the network hiccupped.
 */
export async function signOut(): Promise<void> {
  const session = useAuthStore.getState().session;
  if (session) await authApi.signOut().catch((err: unknown) => console.error('Ending this session’s terminals failed', err));
  signedOutLocally();
  await driver?.logout(session);
}
