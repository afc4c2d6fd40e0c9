import type { Middleware } from 'koa';
import helmet from 'koa-helmet';

/**
 * Content Security Policy allowing only what the renderer needs: its own scripts and styles,
 * the identity provider for sign-in redirects and the silent SSO iframe, and WebSockets back to
 * this origin for terminals.
 */
export function securityHeaders(opts: { issuer: string; publicUrl: string }): Middleware {
  const issuerOrigin = new URL(opts.issuer).origin;
  const wsOrigin = new URL(opts.publicUrl).origin.replace(/^http/, 'ws');
  return helmet({
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
        // The demo videos' player, inserted only when a visitor presses play (renderer/pages/marketing/landing/media.ts).
        frameSrc: ["'self'", issuerOrigin, 'https://www.youtube-nocookie.com'],
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
  });
}
