import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Middleware } from 'koa';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Content Security Policy allowing only what the renderer needs: its own scripts and styles,
 * the identity provider for sign-in redirects and the silent SSO iframe, and WebSockets back to
 * this origin for terminals.
 */
export function securityHeaderOptions(opts: { issuer: string; publicUrl: string; demoOrigins?: string[] }): HelmetOptions {
  const demos = opts.demoOrigins ?? [];
  const issuerOrigin = new URL(opts.issuer).origin;
  const wsOrigin = new URL(opts.publicUrl).origin.replace(/^http/, 'ws');
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // xterm.js and React set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", issuerOrigin, wsOrigin],
        // The operator's demo player (DEMO_VIDEO_URL, CODE_DEMO_VIDEO_URL), when one is configured.
        frameSrc: ["'self'", issuerOrigin, ...demos],
        mediaSrc: ["'self'", ...demos],
        frameAncestors: ["'self'"],
        // The sign-in form's redirect chain ends at the desktop app's loopback listener (RFC 8252), on any port.
        formAction: ["'self'", issuerOrigin, 'http://127.0.0.1:*'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
    },
    // The silent sign-in check loads the identity provider in an iframe of this origin.
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: opts.publicUrl.startsWith('https:'),
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets with these options. None depends on the request (no directive is a
 * function), so helmet runs once, against a stand-in response, instead of rebuilding and
 * re-validating the policy on every request (issue 32: it was a measurable share of a small read).
 */
export function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string) => void headers.set(name, String(value)),
    removeHeader: (name: string) => void headers.delete(name),
  };
  let error: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => void (error = err));
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return [...headers];
}

/** Sets the security headers (helmet's, computed once by `helmetHeaders`) on every answer. */
export function securityHeaders(headers: readonly (readonly [string, string])[]): Middleware {
  return (ctx, next) => {
    for (const [name, value] of headers) ctx.res.setHeader(name, value);
    return next();
  };
}
