import type { TokenStore } from './auth/token-store';

/**
 * Whether the stored sign-in goes on when the app switches servers: it belongs to one server, and
 * "the local server" is one server whatever port it answers on (its tokens carry over a port change;
 * the embedded identity provider knows them at the new address).
 */
export function keepsSignIn(previous: { serverUrl?: string; localServer: boolean }, next: { url: string; local: boolean }): boolean {
  if (next.local) return previous.localServer;
  return !previous.localServer && previous.serverUrl === next.url;
}

/** An allowed-shell origin moves with the local server to its new port. */
export function movedOrigins(list: readonly string[], from: string, to: string): string[] {
  return list.includes(from) ? [...new Set(list.map((o) => (o === from ? to : o)))] : [...list];
}

/**
 * The local server on a new port (the saved one taken, or none saved by an older version) is the
 * embedded issuer at a new address: the stored access token names the old one and the API refuses
 * it (401), while the refresh token still renews the sign-in there. Marked expired, it is renewed
 * before anything uses it (the page's restore, the tray, terminals). Answers whether it moved.
 */
export function renewIfMoved(store: Pick<TokenStore, 'load' | 'save'>, savedPort: number | undefined, port: number): boolean {
  if (savedPort === port) return false;
  const tokens = store.load();
  if (tokens) store.save({ ...tokens, expiresAt: 0 });
  return true;
}
