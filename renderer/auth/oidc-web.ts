import * as oidc from 'openid-client';
import type { PublicConfig } from '../../shared/api/auth';
import { revokeRefreshToken } from '../../shared/auth/revoke-refresh-token';
import { callbackProblem, exchangeProblem, notStartedHere } from './sign-in-problem';
import { AuthRefreshError, type AuthDriver, type Session } from './types';

export const silentCheckTimeoutMs = 10_000;
const pendingKey = 'launchpad.pending-login';
import { callbackPath } from './callback-path';

export { callbackPath };

interface PendingLogin {
  verifier: string;
  state: string;
  returnTo: string;
}

function toSession(tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers, previous?: Session): Session {
  const claims = tokens.claims();
  const email = typeof claims?.email === 'string' ? claims.email : (previous?.email ?? '');
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? previous?.refreshToken,
    idToken: tokens.id_token ?? previous?.idToken,
    expiresAt: Date.now() + (tokens.expiresIn() ?? 300) * 1000,
    email,
  };
}

/** The browser's sign-in: authorization code with PKCE S256 against the configured issuer. */
export function createWebAuth(pc: PublicConfig): AuthDriver {
  const origin = window.location.origin;
  const insecure = pc.oidc.issuer.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : undefined;
  let discovered: Promise<oidc.Configuration> | undefined;
  const config = () => (discovered ??= oidc.discovery(new URL(pc.oidc.issuer), pc.oidc.clientId, undefined, oidc.None(), insecure));

  async function authorizationUrl(redirectUri: string, extra: Record<string, string> = {}) {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(await config(), {
      redirect_uri: redirectUri,
      scope: pc.oidc.scope,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      ...extra,
    });
    return { url, verifier, state };
  }

  async function exchange(currentUrl: URL, verifier: string, state: string): Promise<Session> {
    const tokens = await oidc.authorizationCodeGrant(await config(), currentUrl, { pkceCodeVerifier: verifier, expectedState: state });
    return toSession(tokens);
  }

  /** Asks the identity provider, in a hidden iframe, whether a session exists (prompt=none). */
  async function silentCheck(): Promise<Session | undefined> {
    const redirectUri = `${origin}/silent-check-sso.html`;
    const { url, verifier, state } = await authorizationUrl(redirectUri, { prompt: 'none' });
    const iframe = document.createElement('iframe');
    iframe.title = 'silent sign-in check';
    iframe.style.display = 'none';
    const answer = await new Promise<string | undefined>((resolve) => {
      const timer = window.setTimeout(() => finish(undefined), silentCheckTimeoutMs);
      function finish(value: string | undefined) {
        window.clearTimeout(timer);
        window.removeEventListener('message', onMessage);
        iframe.remove();
        resolve(value);
      }
      function onMessage(e: MessageEvent<unknown>) {
        if (e.origin !== origin || e.source !== iframe.contentWindow) return;
        const data = e.data as { type?: unknown; url?: unknown } | null;
        if (data?.type === 'silent-check-sso' && typeof data.url === 'string') finish(data.url);
      }
      window.addEventListener('message', onMessage);
      iframe.src = url.href;
      document.body.appendChild(iframe);
    });
    if (!answer) return undefined;
    const answerUrl = new URL(answer);
    if (answerUrl.searchParams.has('error') || !answerUrl.searchParams.has('code')) return undefined;
    return exchange(answerUrl, verifier, state);
  }

  const refreshing = new Map<string, Promise<Session>>();

  return {
    async restore() {
      if (window.location.pathname === callbackPath) {
        const pending = JSON.parse(sessionStorage.getItem(pendingKey) ?? 'null') as PendingLogin | null;
        sessionStorage.removeItem(pendingKey);
        const current = new URL(window.location.href);
        const returnTo = pending?.returnTo ?? '/';
        // The person stays on this page, which says what happened and offers to try again.
        const problem = callbackProblem(current.searchParams, returnTo) ?? (pending ? undefined : notStartedHere(returnTo));
        if (problem || !pending) return { session: undefined, returnTo: undefined, problem };
        try {
          return { session: await exchange(current, pending.verifier, pending.state), returnTo };
        } catch (err) {
          return { session: undefined, returnTo: undefined, problem: exchangeProblem(err, returnTo) };
        }
      }
      try {
        return { session: await silentCheck(), returnTo: undefined };
      } catch {
        return { session: undefined, returnTo: undefined };
      }
    },

    async login(returnTo) {
      const { url, verifier, state } = await authorizationUrl(`${origin}${callbackPath}`);
      const pending: PendingLogin = { verifier, state, returnTo };
      sessionStorage.setItem(pendingKey, JSON.stringify(pending));
      window.location.assign(url.href);
    },

    async refresh(session) {
      if (!session.refreshToken) {
        // An issuer that gave no refresh token (no offline_access): ask it silently, as on start-up.
        const renewed = await silentCheck().catch(() => undefined);
        if (!renewed) throw new AuthRefreshError('invalid_grant', 'No refresh token and no session at the identity provider');
        return { ...renewed, email: renewed.email || session.email };
      }
      // One use per refresh token, whoever asks: the provider rotates them and ends the whole
      // sign-in when a used one comes back, so a second caller shares the request in flight.
      const token = session.refreshToken;
      const shared = refreshing.get(token);
      if (shared) return shared;
      const once = (async () => {
        try {
          return toSession(await oidc.refreshTokenGrant(await config(), token), session);
        } catch (err) {
          const code = err instanceof oidc.ResponseBodyError ? err.error : 'network_error';
          throw new AuthRefreshError(code, err instanceof Error ? err.message : String(err));
        }
      })().finally(() => refreshing.delete(token));
      refreshing.set(token, once);
      return once;
    },

    async logout(session) {
      // The refresh token dies here, whether or not the end-session page below sees the provider's
      // cookie (blocked or cleared cookies) and whatever the issuer's logout keeps (Keycloak's
      // offline sessions): RFC 7009 revocation at the endpoint discovery names.
      if (session?.refreshToken) await revokeRefreshToken(await config(), session.refreshToken);
      // client_id too: Keycloak (18+) and others want it with post_logout_redirect_uri, and it is allowed beside the hint.
      const url = oidc.buildEndSessionUrl(await config(), {
        post_logout_redirect_uri: `${origin}/`,
        client_id: pc.oidc.clientId,
        ...(session?.idToken ? { id_token_hint: session.idToken } : {}),
      });
      window.location.assign(url.href);
    },
  };
}
