import { publicConfig, type PublicConfig } from '../shared/api/auth';
import type { ServerCheck } from '../shared/desktop/ipc';
import { DesktopError } from './ipc/handle';

const localHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * What a person types as a server address, made into an origin: a missing scheme means https,
 * except on this computer where a development server speaks http; paths are dropped because the
 * app always lives at the server's root.
 */
export function normalizeServerUrl(input: string): string {
  const text = input.trim();
  if (!text) throw new DesktopError('Enter the address of your Launchpad server', 'invalid_url');
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `${localHosts.has(text.split(/[:/]/)[0] ?? '') ? 'http' : 'https'}://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new DesktopError(`"${text}" is not a web address`, 'invalid_url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DesktopError('Use an http:// or https:// address', 'invalid_url');
  if (url.username || url.password) throw new DesktopError('Leave the user name and password out of the address', 'invalid_url');
  if (!isServerOriginAllowed(url.origin))
    throw new DesktopError(`Use https:// for ${url.host}: over plain http:// anyone on the network could read your sign-in and type into your terminals`, 'insecure_http');
  return url.origin;
}

/**
 * The app talks to a server over https, or over http only on this computer: on any other host
 * plain http would let anyone on the path read tokens (and `ws://` terminals) and rewrite the page.
 */
export function isServerOriginAllowed(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return url.protocol === 'https:' || (url.protocol === 'http:' && localHosts.has(url.hostname));
}

/** Fetches a server's public config; the answer must be Launchpad's, not just any web page. */
export async function fetchPublicConfig(origin: string, fetchImpl: typeof fetch = fetch): Promise<PublicConfig> {
  let res: Response;
  try {
    res = await fetchImpl(`${origin}/api/config`, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(10_000) });
  } catch (err) {
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : err instanceof Error ? err.message : String(err);
    throw new DesktopError(`No server answered at ${origin} (${cause}). Check the address and your network.`, 'unreachable');
  }
  if (!res.ok) throw new DesktopError(`${origin} answered ${res.status}: it does not look like a Launchpad server`, 'not_launchpad');
  const parsed = publicConfig.safeParse(await res.json().catch(() => undefined));
  if (!parsed.success) throw new DesktopError(`${origin} is not a Launchpad server, or an older version without desktop sign-in`, 'not_launchpad');
  return parsed.data;
}

export async function checkServer(input: string, fetchImpl: typeof fetch = fetch): Promise<ServerCheck> {
  const url = normalizeServerUrl(input);
  const config = await fetchPublicConfig(url, fetchImpl);
  return { url, productName: config.product.name };
}
