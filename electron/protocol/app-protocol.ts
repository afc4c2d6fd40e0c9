import fs from 'node:fs';
import path from 'node:path';

/**
 * The app's own pages (first run, tray, proxy sign-in) are served on `app://<page>/…` instead of
 * file:, so each page is an origin of its own with no file-system reach, and the file-protocol
 * fuse can stay off. Only the named page folders are served, only files of the types below.
 */
export const appScheme = 'app';

/** The scheme's privileges (protocol.registerSchemesAsPrivileged, before the app is ready): a standard, secure origin per page. */
export const appSchemePrivileges = { standard: true, secure: true } as const;

/** The pages, each in its own folder of dist/electron and its own origin `app://<page>`. */
export const appPages = ['first-run', 'tray', 'proxy-login'] as const;
export type AppPage = (typeof appPages)[number];

export const appPageUrl = (page: AppPage) => `${appScheme}://${page}/index.html`;

const mimeTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

const headers = (type: string) => ({ 'Content-Type': type, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache' });
const refuse = (status: number, text: string) => new Response(text, { status, headers: headers('text/plain; charset=utf-8') });

/**
 * The file a URL names inside its page's folder, or why not: 403 for anything that tries to leave
 * the folder (`..`, encoded slashes or backslashes, NUL, a link pointing out), 404 for other pages,
 * unknown types and missing files.
 */
export function resolveAppFile(root: string, rawUrl: string): { file: string; type: string } | { status: 403 | 404 } {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { status: 404 };
  }
  if (url.protocol !== `${appScheme}:` || !(appPages as readonly string[]).includes(url.hostname)) return { status: 404 };
  // the raw path, before URL normalisation: a URL that spells out ".." (or hides it) is refused, not quietly resolved
  const rawPath = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/i.exec(rawUrl)?.[1] ?? '';
  if (/%2e|%2f|%5c|%00|\\|\0/i.test(rawPath) || rawPath.split('/').some((s) => s === '..' || s === '.')) return { status: 403 };
  let relative: string;
  try {
    relative = decodeURIComponent(url.pathname).replace(/^\/+/, '');
  } catch {
    return { status: 403 };
  }
  const pageRoot = path.resolve(root, url.hostname);
  const file = path.resolve(pageRoot, relative || 'index.html');
  if (file !== pageRoot && !file.startsWith(pageRoot + path.sep)) return { status: 403 };
  const type = mimeTypes[path.extname(file).toLowerCase()];
  if (!type) return { status: 404 };
  let real: string;
  try {
    real = fs.realpathSync(file);
  } catch {
    return { status: 404 };
  }
  // a symbolic link inside the folder may not lead out of it
  const realRoot = fs.realpathSync(pageRoot);
  if (!real.startsWith(realRoot + path.sep)) return { status: 403 };
  if (!fs.statSync(real).isFile()) return { status: 404 };
  return { file: real, type };
}

/** The handler given to protocol.handle: GET and HEAD only, the page files with their MIME types. */
export function createAppProtocolHandler(root: string): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405, 'Method not allowed');
    const found = resolveAppFile(root, request.url);
    if ('status' in found) return refuse(found.status, found.status === 403 ? 'Forbidden' : 'Not found');
    const body = request.method === 'HEAD' ? null : await fs.promises.readFile(found.file);
    return new Response(body, { status: 200, headers: headers(found.type) });
  };
}
