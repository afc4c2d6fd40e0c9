/**
 * The local checkout page as a browser uses it: open the address the API answered (its one-time
 * grant is exchanged for the owner's cookie), then post Pay or Cancel with that cookie and the
 * page's form token.
 */
export interface LocalCheckoutBrowser {
  /** the plain page address (without the grant) */
  pageUrl: string;
  /** the owner's cookie header, `lp_checkout=…` */
  cookie: string;
  /** the page's HTML as the owner sees it */
  html: string;
  /** the page's form token */
  csrf: string;
  post(action: 'pay' | 'cancel', o?: { cookie?: string; csrf?: string; origin?: string }): Promise<Response>;
}

export async function openLocalCheckout(url: string): Promise<LocalCheckoutBrowser> {
  const exchange = await fetch(url, { redirect: 'manual' });
  const location = exchange.headers.get('location');
  const setCookie = exchange.headers.getSetCookie().find((c) => c.startsWith('lp_checkout='));
  if (exchange.status !== 303 || !location || !setCookie) throw new Error(`opening ${url} did not hand out the owner's cookie (status ${exchange.status})`);
  const pageUrl = new URL(location, url).href;
  const cookie = setCookie.split(';')[0] ?? '';
  const html = await (await fetch(pageUrl, { headers: { cookie } })).text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
  return {
    pageUrl,
    cookie,
    html,
    csrf,
    post: (action, o = {}) =>
      fetch(`${pageUrl}/${action}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: o.cookie ?? cookie, ...(o.origin ? { origin: o.origin } : {}) },
        body: new URLSearchParams({ csrf: o.csrf ?? csrf }).toString(),
      }),
  };
}
