import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { Gallery } from '../../shared/api/agents';
import type { Brand } from '../../shared/brand';
import { licensePrices } from '../../shared/licenses/pricing';
import { type DemoVideos, type PageData, pageDataElementId, serverPageDataKey } from '../../shared/page-data';
import { structuredDataScripts } from './structured-data';

/** What dist/ssr/entry-server.js exports (renderer/entry-server.tsx); kept in step by the e2e spec public-site.spec.ts. */
interface MarketingPage {
  path: string;
  title: string;
  description: string;
  withGallery: boolean;
  listed: boolean;
}
interface RenderedPage extends MarketingPage {
  status: 200 | 404;
  html: string;
}
interface MarketingRenderer {
  marketingPages(): MarketingPage[];
  renderPage(pathname: string): Promise<RenderedPage | undefined>;
  shownPage(pathname: string): { path: string; status: 200 | 404 } | undefined;
}

export interface SiteOptions {
  /** PUBLIC_URL without a trailing slash: canonical and social-card addresses, the sitemap */
  publicUrl: string;
  product: Brand;
  /** CIVO_GPU_SIZE: the GPU offer the pages describe */
  gpuSize: string;
  /** DEMO_VIDEO_URL, CODE_DEMO_VIDEO_URL */
  demoVideos?: DemoVideos;
  /** the agent gallery, rendered into the pages that show it and sent with them */
  gallery?: Gallery;
}

/** A page's own files (build/route-preloads.ts) */
export interface PageHints {
  stylesheets: string[];
  modules: string[];
}

export interface ServedPage {
  status: number;
  document: string;
  /** the document compressed, made once per page */
  encoded: { br: Buffer; gzip: Buffer };
}

/**
 * The marketing pages as documents (issue 31): the server's rendering of each page, put into the
 * built index.html with its own title, description, canonical address, Open Graph and Twitter
 * tags and stylesheet. Rendered once per page and kept: the brand, PUBLIC_URL and the build only
 * change with a restart or a rebuild (the cache follows index.html's modification time).
 */
export function marketingSite(ssrEntry: string, site: SiteOptions) {
  let renderer: Promise<MarketingRenderer | undefined> | undefined;
  const load = () =>
    (renderer ??= (async () => {
      if (!fs.existsSync(ssrEntry)) return undefined; // a build without the server rendering: pages render in the browser
      (globalThis as Record<string, unknown>)[serverPageDataKey] = { ...pageData(site), gallery: site.gallery };
      return (await import(pathToFileURL(ssrEntry).href)) as MarketingRenderer;
    })());
  const cache = new Map<string, Promise<ServedPage | undefined>>();
  let builtAt = 0;

  return {
    /** The document for a marketing path (an unknown path shows the landing page with status 404); undefined for app paths. */
    async page(pathname: string, index: { html: string; mtimeMs: number }, hints: PageHints): Promise<ServedPage | undefined> {
      if (index.mtimeMs !== builtAt) {
        cache.clear();
        builtAt = index.mtimeMs;
      }
      const r = await load();
      if (!r) return undefined;
      const shown = r.shownPage(pathname);
      if (!shown) return undefined;
      // Every unknown address shows the landing page alike: one cache entry for all of them.
      const key = `${shown.status} ${shown.path}`;
      let served = cache.get(key);
      if (!served) {
        served = r.renderPage(pathname).then((page) => {
          if (!page) return undefined;
          const document = pageDocument(index.html, page, hints, site);
          return { status: page.status, document, encoded: { br: zlib.brotliCompressSync(document), gzip: zlib.gzipSync(document) } };
        });
        served.catch(() => cache.delete(key));
        cache.set(key, served);
      }
      return served;
    },
    /** Any page's index.html with the brand and prices the browser starts with, and a description for search results (app paths). */
    withBrand: (html: string) => html.replace('</head>', `${appDescription(site)}${pageDataScript(site)}</head>`),
    async robots(): Promise<string | undefined> {
      return (await load()) ? `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${site.publicUrl}/sitemap.xml\n` : undefined;
    },
    async sitemap(): Promise<string | undefined> {
      const r = await load();
      if (!r) return undefined;
      // the pages change with a build: its date is each page's last modification
      const lastmod = fs.statSync(ssrEntry).mtime.toISOString().slice(0, 10);
      const urls = r
        .marketingPages()
        .filter((p) => p.listed)
        .map((p) => `  <url><loc>${escapeXml(absolute(site.publicUrl, p.path))}</loc><lastmod>${lastmod}</lastmod></url>`);
      return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
    },
  };
}

export type MarketingSite = ReturnType<typeof marketingSite>;

const absolute = (publicUrl: string, path: string) => `${publicUrl}${path}`;

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
const escapeXml = escapeHtml;

/** The brand, and the prices in force (set from the configuration at start, server/app.ts). */
function pageData({ product: brand, gpuSize, demoVideos }: SiteOptions): PageData {
  const { includedUsers: _users, userPackSize: _pack, ...prices } = licensePrices;
  return { brand: { id: brand.id, name: brand.name }, prices, gpuSize, ...(demoVideos && (demoVideos.landing || demoVideos.code) ? { demoVideos } : {}) };
}

/** What a search result says of an app page (the Command Center, the Test Dashboard...): they render in the browser, with no description of their own. */
function appDescription(site: SiteOptions): string {
  const text = `${site.product.name}'s console: your hosted and private deployments, licenses, balance and team, and the agent gallery of a private generative-AI platform.`;
  return `<meta name="description" content="${escapeHtml(text)}" />`;
}

/** JSON inside a script element: `<` escaped so no text can close the element. */
function pageDataScript(site: SiteOptions, gallery?: Gallery): string {
  return `<script type="application/json" id="${pageDataElementId}">${JSON.stringify({ ...pageData(site), gallery }).replace(/</g, '\\u003c')}</script>`;
}

/** renderer/pages/marketing/landing/media.ts: made by scripts/record-showcase.ts */
const socialCard = '/media/social-card.jpg';

function pageDocument(index: string, page: RenderedPage, hints: PageHints, site: SiteOptions): string {
  const url = absolute(site.publicUrl, page.path);
  const meta = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const head = [
    `<title>${escapeHtml(page.title)}</title>`,
    meta('name', 'description', page.description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', site.product.name),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', `${site.publicUrl}${socialCard}`),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', `${site.publicUrl}${socialCard}`),
    // The page's own stylesheet, blocking like the entry's: the rendered page paints styled, with no shift.
    ...hints.stylesheets.filter((href) => !index.includes(`href="${href}"`)).map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}" />`),
    pageDataScript(site, page.withGallery ? site.gallery : undefined),
    ...structuredDataScripts(page.path, site),
  ].join('\n    ');
  // The app's code comes after the first paint (renderer/public/start-app.js): the page is readable without it.
  const preloads = [...index.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1] ?? '');
  const modules = [...new Set([...preloads, ...hints.modules])].join(' ');
  return index
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
    .replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/,
      (_, entry: string) => `<script defer src="/start-app.js" data-entry="${escapeHtml(entry)}" data-modules="${escapeHtml(modules)}"></script>`,
    )
    .replace(/<title>[^<]*<\/title>/, '')
    .replace('</head>', `  ${head}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${page.html}</div>`);
}
