/**
 * The server's rendering of the marketing pages (issue 31): built by `npm run build` into
 * dist/ssr/entry-server.js and called by server/http/marketing-pages.ts, so a visitor, a crawler
 * or a link preview gets each page's text and head tags without running any JavaScript. The same
 * components hydrate in the browser (main.tsx).
 */
import { prerender } from 'react-dom/static';
import { type Brand, defaultBrand } from '../shared/brand';
import { App } from './app/App';
import { pageData } from './app/page-data';
import { applyLicensePrices } from '../shared/licenses/pricing';
import { documentTitle } from './routes/resolve';
import { isAppPath, matchPath } from './routes/path';
import { type RouteName, routes, serverRenderedRouteNames } from './routes/table';
import { docsAddresses, docsAddressOfPath, docsHead, docsPath } from './routes/docs-addresses';

export interface MarketingPage {
  /** canonical path, e.g. `/pricing` */
  path: string;
  title: string;
  description: string;
  /** the page shows the agent gallery: its document carries the gallery (page data) */
  withGallery: boolean;
  /** the sitemap lists it */
  listed: boolean;
}

export interface RenderedPage extends MarketingPage {
  /** 404 for an unknown address, which shows the landing page (public-site 2.1) */
  status: 200 | 404;
  /** the markup of #root */
  html: string;
}

// The operator's prices, as checkout charges them (shared/licenses/pricing.ts).
const prices = pageData().prices;
if (prices) applyLicensePrices(prices);

const withProduct = (text: string, brand: Brand) => text.replaceAll('{product}', brand.name);

/** The pages that render the gallery from the page data rather than after a request (the Command Center: its featured agents). */
const galleryPages: RouteName[] = ['agents', 'agents-gallery', 'home'];

/** Every page the server renders (the marketing pages and the server-rendered app pages), in route-table order: the sitemap lists those `listed`. */
export function marketingPages(): MarketingPage[] {
  const brand = pageData().brand ?? defaultBrand;
  return serverRenderedRouteNames.flatMap((name) => {
    const r = routes[name];
    const page = {
      path: r.path,
      title: documentTitle(r.title, brand.name),
      description: withProduct(r.description ?? '', brand),
      withGallery: galleryPages.includes(name),
      listed: r.unlisted !== true,
    };
    if (name !== 'docs') return [page];
    // each guide of /docs at its own address, after /docs itself (the default guide)
    const guides = docsAddresses.slice(1).map((a) => {
      const head = docsHead(a);
      return { path: docsPath(a), title: documentTitle(head.title, brand.name), description: withProduct(head.description, brand), withGallery: false, listed: true };
    });
    return [page, ...guides];
  });
}

/**
 * The page at `pathname`; undefined for app paths, which render in the browser. Pages render with
 * the brand and prices the server put under `serverPageDataKey` (page-data.ts) before it loaded this module.
 */
export async function renderPage(pathname: string): Promise<RenderedPage | undefined> {
  const shown = shownPage(pathname);
  if (!shown) return undefined;
  const page = marketingPages().find((p) => p.path === shown.path);
  if (!page) return undefined;
  // prerender (not renderToString) waits for the lazily loaded page instead of its fallback; with no
  // chunk limit every boundary is written in place, without the inline scripts the CSP would refuse.
  const errors: unknown[] = [];
  const { prelude } = await prerender(<App location={pathname} />, { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (err) => void errors.push(err) });
  // A part that failed would be left for the browser to render: say so instead of serving half a page.
  if (errors.length > 0) throw new AggregateError(errors, `rendering ${pathname} failed`);
  const html = await new Response(prelude).text();
  return { ...page, status: shown.status, html };
}

/** Which page an address shows, and with which status; undefined for app paths the browser renders. Addresses showing the same page render alike. */
export function shownPage(pathname: string): { path: string; status: 200 | 404 } | undefined {
  // a guide of /docs: its canonical address (/docs/cloud shows /docs/cloud/aws)
  const guide = docsAddressOfPath(pathname);
  if (guide) return { path: docsPath(guide), status: 200 };
  const route = routes[matchPath(pathname).name];
  // A server-rendered app page at its own address only: its parameters are the browser's.
  if (isAppPath(pathname)) return route.serverRendered && pathname.replace(/(.)\/+$/, '$1') === route.path ? { path: route.path, status: 200 } : undefined;
  if (route.shell !== 'marketing') return undefined;
  return { path: route.path, status: pathname.replace(/(.)\/+$/, '$1') === route.path ? 200 : 404 };
}
