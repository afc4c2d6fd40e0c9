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
