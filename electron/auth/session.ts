import * as oidc from 'openid-client';
import type { PublicConfig } from '../../shared/api/auth';
import type { DesktopSession } from '../../shared/desktop/ipc';
import { DesktopError } from '../ipc/handle';
import { discoverIssuer, signInWithLoopback, type TokenResponse } from './loopback';
import type { StoredTokens, TokenStore } from './token-store';

/** Same threshold as the web app: refresh when under 70 s remain. */
export const refreshWhenUnderMs = 70_000;

export interface SessionDeps {
  /** the chosen server's public config (issuer, desktop client id, scope) */
  serverConfig(): Promise<PublicConfig>;
  store: TokenStore;
  openExternal(url: string): Promise<void> | void;
  now?: () => number;
  signInTimeoutMs?: number;
  /** Electron's net.fetch in the app (system proxy, OS certificates); Node's fetch in tests */
  fetch?: typeof fetch;
}

export interface DesktopAuth {
  restore(): Promise<DesktopSession | null>;
  login(): Promise<DesktopSession>;
  cancel(): void;
  /** null when the refresh token is refused: the user is signed out */
  refresh(): Promise<DesktopSession | null>;
  logout(): Promise<void>;
  /** a current access token for main's own calls (terminal, tray), refreshed when needed */
  accessToken(): Promise<string | undefined>;
  onChange(listener: (signedIn: boolean) => void): () => void;
}

/**
 * The desktop sign-in, held by the main process: tokens come from the loopback flow, are kept by
 * the token store (encrypted at rest), and only the access token leaves for the renderer.
 */
export function createDesktopAuth(deps: SessionDeps): DesktopAuth {
  const now = deps.now ?? Date.now;
  let discovered: { key: string; config: Promise<oidc.Configuration>; scope: string } | undefined;
  let pending: AbortController | undefined;
  let warning: string | null = null;
  /**
   * The sign-in generation: a sign-out starts a new one, and whatever a refresh that started in
   * an older generation brings back is dropped (and its new refresh token revoked), so a sign-out
   * during a refresh sticks.
   */
  let generation = 0;
  const listeners = new Set<(signedIn: boolean) => void>();
  const emit = (signedIn: boolean) => listeners.forEach((l) => l(signedIn));

  async function client() {
    const pc = await deps.serverConfig();
    const key = `${pc.oidc.issuer} ${pc.oidc.desktopClientId}`;
    if (discovered?.key !== key) {
      const config = discoverIssuer(pc.oidc.issuer, pc.oidc.desktopClientId, deps.fetch);
      discovered = { key, config, scope: pc.oidc.scope };
      config.catch(() => (discovered = undefined));
    }
    return { config: await discovered.config, scope: discovered.scope };
  }

  function keep(tokens: TokenResponse, previous?: StoredTokens): DesktopSession {
    const claims = tokens.claims();
    const stored: StoredTokens = {
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token ?? previous?.refreshToken,
      idToken: tokens.id_token ?? previous?.idToken,
      expiresAt: now() + (tokens.expiresIn() ?? 300) * 1000,
      email: typeof claims?.email === 'string' ? claims.email : (previous?.email ?? ''),
    };
    ({ warning } = deps.store.save(stored));
    return view(stored);
  }
  const view = (t: StoredTokens): DesktopSession => ({ accessToken: t.accessToken, expiresAt: t.expiresAt, email: t.email, warning });

  /**
   * One refresh at a time, shared by every caller (start-up, a woken laptop, the tray poller, the
   * terminal): the provider rotates refresh tokens and revokes the whole grant when a used one
   * comes back, so a second concurrent refresh with the same token would sign the user out.
   */
  let refreshing: Promise<DesktopSession | null> | undefined;
  const refresh = (): Promise<DesktopSession | null> => (refreshing ??= refreshOnce().finally(() => (refreshing = undefined)));

  async function refreshOnce(): Promise<DesktopSession | null> {
    const current = deps.store.load();
    if (!current?.refreshToken) {
      if (current) deps.store.clear();
      return null;
    }
    const started = generation;
    const { config } = await client();
    try {
      const tokens = await oidc.refreshTokenGrant(config, current.refreshToken);
      if (started !== generation) {
        if (tokens.refresh_token) await oidc.tokenRevocation(config, tokens.refresh_token).catch(() => undefined);
        return null;
      }
      return keep(tokens, current);
    } catch (err) {
      if (started !== generation) return null;
      if (err instanceof oidc.ResponseBodyError && (err.error === 'invalid_grant' || err.error === 'invalid_token')) {
        deps.store.clear();
        emit(false);
        return null;
      }
      throw new DesktopError(`The sign-in could not be renewed: ${err instanceof Error ? err.message : String(err)}`, 'network_error');
    }
  }

  async function fresh(): Promise<DesktopSession | null> {
    const current = deps.store.load();
    if (!current) return null;
    return current.expiresAt - now() > refreshWhenUnderMs ? view(current) : refresh();
  }

  return {
    restore: fresh,
    refresh,
    async login() {
      if (pending) throw new DesktopError('A sign-in is already waiting in your browser', 'in_progress');
      const controller = new AbortController();
      pending = controller;
      try {
        const { config, scope } = await client();
        const session = keep(await signInWithLoopback({ config, scope, openExternal: deps.openExternal, signal: controller.signal, timeoutMs: deps.signInTimeoutMs }));
        emit(true);
        return session;
      } finally {
        pending = undefined;
      }
    },
    cancel() {
      pending?.abort();
    },
    async logout() {
      generation++;
      pending?.abort();
      const inFlight = refreshing;
      const current = deps.store.load();
      deps.store.clear();
      emit(false);
      // the sign-out ends once the refresh in flight has been dropped and its new refresh token revoked
      await inFlight?.catch(() => undefined);
      if (!current) return;
      const { config } = await client();
      // the refresh token dies with the sign-out even if the browser step is never completed
      if (current.refreshToken) await oidc.tokenRevocation(config, current.refreshToken).catch(() => undefined);
      const url = oidc.buildEndSessionUrl(config, current.idToken ? { id_token_hint: current.idToken } : { client_id: config.clientMetadata().client_id });
      await deps.openExternal(url.href);
    },
    async accessToken() {
      return (await fresh().catch(() => null))?.accessToken;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
