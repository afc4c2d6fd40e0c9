import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oidc from 'openid-client';
import { DesktopError } from '../ipc/handle';

export const signInTimeoutMs = 5 * 60_000;
export const callbackPath = '/callback';

export type TokenResponse = oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers;

export interface LoopbackSignIn {
  config: oidc.Configuration;
  scope: string;
  /** opens the authorization URL in the system browser */
  openExternal(url: string): Promise<void> | void;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** http is tolerated only for an issuer on this computer (the embedded provider of a local server). */
export function isLoopbackHttp(url: string): boolean {
  const u = new URL(url);
  return u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);
}

/**
 * The issuer's metadata, for a public client (no secret: PKCE protects the code). `fetchImpl` is
 * Electron's `net.fetch` in the app: the system proxy and the OS certificate store apply.
 */
export async function discoverIssuer(issuer: string, clientId: string, fetchImpl?: typeof fetch): Promise<oidc.Configuration> {
  const insecure = isLoopbackHttp(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined;
  // the configuration keeps this fetch for the token exchange, refresh and revocation too
  // (its bodies are URL-encoded forms or bytes, both valid fetch bodies)
  const network = fetchImpl ? { [oidc.customFetch]: ((url, options) => fetchImpl(url, options as RequestInit)) satisfies oidc.CustomFetch } : undefined;
  try {
    return await oidc.discovery(new URL(issuer), clientId, undefined, oidc.None(), { ...insecure, ...network, timeout: 10 });
  } catch (err) {
    const why = new URL(issuer).protocol === 'http:' && !insecure ? 'it must use https (http is allowed only on this computer)' : err instanceof Error ? err.message : String(err);
    throw new DesktopError(`The identity provider at ${issuer} could not be reached: ${why}`, 'discovery_failed');
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The browser tab's answer; the text can carry the provider's error_description, so it is escaped. */
export const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;text-align:center;margin-top:20vh"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>`;

function answer(res: http.ServerResponse, status: number, html: string) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    connection: 'close',
  });
  res.end(html);
}

/**
 * OAuth 2.0 for native apps (RFC 8252): authorization code + PKCE S256, state and nonce, with the
 * browser sent back to a one-shot HTTP listener on 127.0.0.1 and a random port. The first request
 * to the callback path ends the flow either way; the browser tab is told the outcome.
 */
export async function signInWithLoopback(o: LoopbackSignIn): Promise<TokenResponse> {
  if (o.signal?.aborted) throw new DesktopError('Sign-in was cancelled', 'cancelled');
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const challenge = await oidc.calculatePKCECodeChallenge(verifier);

  let onCallback!: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  const server = http.createServer((req, res) => {
    if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== callbackPath) return answer(res, 404, page('Not found', 'This address only answers the Launchpad sign-in.'));
    onCallback(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}${callbackPath}`;

  try {
    return await new Promise<TokenResponse>((resolve, reject) => {
      const timer = setTimeout(() => reject(new DesktopError('Sign-in timed out: the browser did not come back within 5 minutes', 'timeout')), o.timeoutMs ?? signInTimeoutMs);
      const onAbort = () => reject(new DesktopError('Sign-in was cancelled', 'cancelled'));
      o.signal?.addEventListener('abort', onAbort, { once: true });
      const settle = () => {
        clearTimeout(timer);
        o.signal?.removeEventListener('abort', onAbort);
      };

      let handled = false;
      onCallback = (req, res) => {
        if (handled) return answer(res, 409, page('Already handled', 'This sign-in has already finished. You can close this window.'));
        handled = true;
        const current = new URL(req.url ?? '/', redirectUri);
        const finish = async () => {
          // checked before anything else: an answer to another request must not be redeemed or trusted
          if (current.searchParams.get('state') !== state) throw new DesktopError('Sign-in was rejected: the answer does not belong to this sign-in (state mismatch)', 'state_mismatch');
          const error = current.searchParams.get('error');
          if (error) throw new DesktopError(`Sign-in was refused: ${current.searchParams.get('error_description') ?? error}`, error);
          try {
            return await oidc.authorizationCodeGrant(o.config, current, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
          } catch (err) {
            throw new DesktopError(`Sign-in could not be completed: ${err instanceof Error ? err.message : String(err)}`, 'token_exchange_failed');
          }
        };
        finish().then(
          (tokens) => {
            answer(res, 200, page('Signed in to Launchpad', 'You can close this window and go back to Launchpad.'));
            settle();
            resolve(tokens);
          },
          (err: unknown) => {
            answer(res, 400, page('Sign-in failed', `${err instanceof Error ? err.message : String(err)}. You can close this window and try again in Launchpad.`));
            settle();
            reject(err instanceof Error ? err : new Error(String(err)));
          },
        );
      };

      const url = oidc.buildAuthorizationUrl(o.config, { redirect_uri: redirectUri, scope: o.scope, state, nonce, code_challenge: challenge, code_challenge_method: 'S256' });
      Promise.resolve()
        .then(() => o.openExternal(url.href))
        .catch((err: unknown) => {
          settle();
          reject(new DesktopError(`The browser could not be opened: ${err instanceof Error ? err.message : String(err)}`, 'browser_failed'));
        });
    });
  } finally {
    // answers carry `connection: close`; idle keep-alive sockets are dropped so the port is freed now
    server.close();
    server.closeIdleConnections();
  }
}
