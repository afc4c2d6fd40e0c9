import { describe, expect, it } from 'vitest';
import { e2eBaseUrl } from './support/workers';
import { useBrowser } from './support/browser';

/**
 * The public site as a crawler, a link preview or `curl` reads it (issue 31): plain HTTP requests,
 * no JavaScript. Every marketing route answers its own title, description, social tags, canonical
 * address and the page's text (the app's agent gallery too); robots.txt and sitemap.xml list the routes; missing files are 404.
 */
const pages: [path: string, title: string, text: string][] = [
  ['/', 'AI Agents on a Private GenAI Stack', 'One private stack, from GPU to agent'],
  ['/pricing', 'Pricing', 'Calculate pricing'],
  ['/deployment', 'Deployment Options', 'Data sovereignty'],
  ['/docs', 'Documentation', 'Interactive Guide'],
  ['/resources', 'Resources', 'ROI Calculator'],
  ['/comparison', 'Comparison', 'SaaS AI providers'],
  ['/service-providers', 'Service Providers', 'Annual revenue per partner'],
  ['/code', 'Code', 'Spec Coding'],
  ['/agents-gallery', 'Agent Gallery', 'How It Works'],
  // the app's gallery (issue 48): rendered on the server with its cards, not 'Loading agents'
  ['/agents', 'Agent Gallery', 'Clinical Notes Scribe'],
  // the Command Center and the Test Dashboard as a visitor sees them (issue 44): the featured agents, the sign-in prompts
  ['/home', 'Command Center', 'Sign in to manage your deployments'],
  ['/test-dashboard', 'Test Dashboard', 'Please log in to view test runs'],
  ['/privacy-policy', 'Privacy Policy', 'January 15, 2025'],
  ['/terms-of-service', 'Terms of Service', 'deemed given on the first business day after sending'],
  ['/cookie-policy', 'Cookie Policy', 'Why there is no cookie banner'],
];

/** the guides of /docs at their own addresses, besides /docs itself (Local) */
const docsGuides = [
  '/docs/cloud/aws',
  '/docs/cloud/gcp',
  '/docs/cloud/azure',
  '/docs/cloud/oci',
  '/docs/onprem/docker',
  '/docs/onprem/kubernetes',
  '/docs/onprem/rancher',
  '/docs/onprem/vmware',
  '/docs/hybrid',
];

const get = (path: string, init?: RequestInit) => fetch(`${e2eBaseUrl()}${path}`, { redirect: 'manual', ...init });
const attr = (html: string, selector: RegExp) => html.match(selector)?.[1];
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('the public site without JavaScript', () => {
  it.each(pages)('%s answers its own title, description, social tags, canonical address and text', async (path, title, text) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(attr(html, /<title>([^<]*)<\/title>/)).toMatch(new RegExp(`^${title} \\| \\S`));
    expect(html.match(/<title>/g)).toHaveLength(1);
    const description = attr(html, /<meta name="description" content="([^"]+)"/);
    expect(description?.length).toBeGreaterThan(60);
    const canonical = attr(html, /<link rel="canonical" href="([^"]+)"/);
    expect(canonical).toMatch(/^https?:\/\//);
    expect(new URL(canonical ?? '').pathname).toBe(path);
    expect(attr(html, /<meta property="og:title" content="([^"]+)"/)).toBe(attr(html, /<title>([^<]*)<\/title>/));
    expect(attr(html, /<meta property="og:description" content="([^"]+)"/)).toBe(description);
    expect(attr(html, /<meta property="og:url" content="([^"]+)"/)).toBe(canonical);
    expect(attr(html, /<meta name="twitter:card" content="([^"]+)"/)).toBe('summary_large_image');
    expect(attr(html, /<meta name="twitter:title" content="([^"]+)"/)).toBe(attr(html, /<title>([^<]*)<\/title>/));
    expect(textOf(html)).toContain(text);
  });

  it('gives every page a different description', async () => {
    const descriptions = await Promise.all(pages.map(async ([path]) => attr(await (await get(path)).text(), /<meta name="description" content="([^"]+)"/)));
    expect(new Set(descriptions).size).toBe(pages.length);
  });

  it('links every page stylesheet with crossorigin and announces it in the Link header', async () => {
    for (const path of ['/', '/pricing', '/deployment']) {
      const res = await get(path);
      const link = res.headers.get('link') ?? '';
      const css = [...link.matchAll(/<([^>]+\.css)>; rel=preload; as=style; crossorigin/g)].map((m) => m[1]);
      expect(css.length, `${path}: ${link}`).toBeGreaterThan(0);
      const html = await res.text();
      for (const href of css) expect(html).toMatch(new RegExp(`<link rel="stylesheet" crossorigin href="${href}"`));
    }
  });

  it('serves every media file the pages name, with its content type', async () => {
    const landing = await (await get('/')).text();
    const media = new Set([...landing.matchAll(/(?:src|poster)="(\/media\/[^"]+)"/g)].map((m) => m[1] ?? ''));
    const card = attr(landing, /<meta property="og:image" content="([^"]+)"/);
    // the hero's picture and the first tab's poster (a hidden tab's poster comes when it is chosen); the clips of the two recorded tabs
    expect([...media].filter((m) => m.endsWith('.jpg')).length).toBeGreaterThanOrEqual(2);
    expect([...media].filter((m) => m.endsWith('.webm')).sort()).toEqual(['/media/showcase-agents.webm', '/media/showcase-auth.webm']);
    for (const path of [...media, new URL(card ?? '').pathname]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      const type = path.endsWith('.webm') ? 'video/webm' : path.endsWith('.jpg') ? 'image/jpeg' : 'image/png';
      expect(res.headers.get('content-type'), path).toBe(type);
      const size = (await res.arrayBuffer()).byteLength;
      expect(size, path).toBeGreaterThan(1000);
      expect(size, path).toBeLessThanOrEqual(1.5 * 1024 * 1024);
    }
    expect(attr(landing, /<meta name="twitter:image" content="([^"]+)"/)).toBe(card);
  });

  it('serves robots.txt and a sitemap of every marketing page', async () => {
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    const robotsText = await robots.text();
    expect(robotsText).toMatch(/^User-agent: \*$/m);
    const sitemapUrl = robotsText.match(/^Sitemap: (\S+)$/m)?.[1];
    expect(new URL(sitemapUrl ?? '').pathname).toBe('/sitemap.xml');

    const sitemap = await get('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await sitemap.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
    // every guide of /docs has its own address too (issue 44), each with its last modification;
    // the Test Dashboard, a sign-in prompt to a visitor, has nothing for a search result
    expect(locs.sort()).toEqual([...pages.map(([p]) => p).filter((p) => p !== '/test-dashboard'), ...docsGuides].sort());
    expect([...xml.matchAll(/<lastmod>(\d{4}-\d{2}-\d{2})<\/lastmod>/g)]).toHaveLength(locs.length);
  });

  it('answers 404 for a missing file and for any unknown path with a file extension', async () => {
    for (const path of ['/videos/showcase-agents.mp4', '/missing.png', '/assets/missing.js', '/no/such/file.txt', '/wp-login.php']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).not.toMatch(/html/);
    }
  });

  it('shows the landing page at an unknown marketing address, with status 404 and a canonical link home', async () => {
    const res = await get('/no-such-page');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(new URL(attr(html, /<link rel="canonical" href="([^"]+)"/) ?? '').pathname).toBe('/');
    expect(textOf(html)).toContain('One private stack, from GPU to agent');
  });

  it('leaves app paths to the browser, with the brand and prices it starts with and a description for search results', async () => {
    const res = await get('/deployments');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(attr(html, /<meta name="description" content="([^"]+)"/)?.length).toBeGreaterThan(60);
    const data = JSON.parse(attr(html, /<script type="application\/json" id="page-data">([^<]+)<\/script>/) ?? '{}') as {
      brand?: { name: string };
      prices?: { supportAnnualCents: { email: number } };
    };
    expect(data.brand?.name).toBeTruthy();
    // one price list: e-mail support at what checkout charges
    expect(data.prices?.supportAnnualCents.email).toBe(1_200_000);
  });

  it('renders /docs with the Local guide and its install command, and each guide at its own address', async () => {
    const docs = textOf(await (await get('/docs')).text());
    expect(docs).toContain('Quick install');
    expect(docs).toMatch(/curl -sL -O https:\/\/\S+\/install\.sh && chmod \+x install\.sh && sudo \.\/install\.sh/);
    expect(docs.split(' ').length).toBeGreaterThan(250);
    for (const path of docsGuides) {
      const html = await (await get(path)).text();
      expect(new URL(attr(html, /<link rel="canonical" href="([^"]+)"/) ?? '').pathname, path).toBe(path);
      expect(attr(html, /<meta name="description" content="([^"]+)"/)?.length, path).toBeGreaterThan(60);
    }
    const gcp = await (await get('/docs/cloud/gcp')).text();
    expect(attr(gcp, /<title>([^<]*)<\/title>/)).toMatch(/^Google Cloud \(GCP\) setup \| Documentation \| /);
    expect(gcp).toMatch(/aria-selected="true"[^>]*>GCP</);
    // a shorter address shows its canonical guide
    expect(new URL(attr(await (await get('/docs/cloud')).text(), /<link rel="canonical" href="([^"]+)"/) ?? '').pathname).toBe('/docs/cloud/aws');
  });

  it('describes the organisation and the product with its offers from the price list as JSON-LD on the landing and pricing pages', async () => {
    for (const path of ['/', '/pricing']) {
      const html = await (await get(path)).text();
      const data = [...html.matchAll(/<script type="application\/ld\+json">([^<]+)<\/script>/g)].map((m) => JSON.parse(m[1] ?? '{}') as Record<string, unknown>);
      expect(
        data.map((d) => d['@type']),
        path,
      ).toEqual(['Organization', 'SoftwareApplication']);
      const offers = data[1]?.offers as { name: string; price: string; priceCurrency: string }[];
      expect(offers).toEqual([
        expect.objectContaining({ name: 'Community Edition', price: '0.00', priceCurrency: 'USD' }),
        expect.objectContaining({ name: 'Enterprise Pro', price: '12000.00', priceCurrency: 'USD' }),
      ]);
    }
    expect(await (await get('/docs')).text()).not.toContain('application/ld+json');
  });

  it('sends the rendered page compressed when the client accepts it', async () => {
    const res = await get('/pricing', { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(await res.text()).toContain('Calculate pricing');
  });
});

describe('the rendered pages in a browser with scripts turned off', () => {
  const browser = useBrowser();
  const noScripts = async () =>
    (
      await browser
        .context()
        .browser()
        ?.newContext({ baseURL: e2eBaseUrl(), javaScriptEnabled: false, viewport: { width: 1280, height: 800 } })
    )?.newPage();

  it('follows the guides of /docs as links, and opens the section of /resources its address names', async () => {
    const page = await noScripts();
    if (!page) throw new Error('no browser');
    try {
      await page.goto('/docs');
      expect(await page.getByTestId('install-command').textContent()).toContain('install.sh');
      await page.getByTestId('category-cloud').click();
      await page.waitForURL('**/docs/cloud/aws');
      await page.getByRole('tab', { name: 'OCI' }).click();
      await page.waitForURL('**/docs/cloud/oci');
      expect(await page.getByTestId('section-cloud').textContent()).toContain('OCI');

      await page.goto('/resources#compliance-legal');
      const body = page.locator('#compliance-legal .res-section-body');
      expect(await body.isVisible()).toBe(true);
      expect(await page.locator('#roi-calculator .res-section-body').isVisible()).toBe(false);
      // the index's links open their section too
      await page
        .getByRole('link', { name: /ROI Calculator/ })
        .first()
        .click();
      await page.waitForURL('**/resources#roi-calculator');
      expect(await page.locator('#roi-calculator .res-section-body').isVisible()).toBe(true);
    } finally {
      await page.context().close();
    }
  });
});

describe('the rendered pages in a browser', () => {
  const browser = useBrowser();

  it.each([...pages.map(([path]) => path), '/docs/cloud/gcp', '/resources#compliance-legal'])('%s takes over the rendered page without a hydration error', async (path) => {
    const page = browser.page();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /hydrat|did not match|server rendered/i.test(m.text())) errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${e2eBaseUrl()}${path}`);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
});
