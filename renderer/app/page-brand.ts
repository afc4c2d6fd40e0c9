import { brandIdPattern, type Brand } from '../../shared/brand';

/** The element the server writes the product's brand into, on every page it serves (server/http/marketing-pages.ts). */
export const pageBrandId = 'page-brand';

/** Where the server puts the brand before it loads its rendering of the marketing pages (entry-server.tsx). */
export const serverBrandKey = '__launchpadBrand';

/**
 * The product's brand as the page was served with it, known before the public configuration
 * arrives. A marketing page is rendered on the server with it and then hydrated, and both read the
 * store's initial state (zustand's server snapshot), so the brand must be in that initial state.
 */
export function pageBrand(): Brand | undefined {
  if (typeof document === 'undefined') return (globalThis as Record<string, unknown>)[serverBrandKey] as Brand | undefined;
  try {
    const parsed = JSON.parse(document.getElementById(pageBrandId)?.textContent ?? 'null') as Partial<Brand> | null;
    // Read without the validation library (not on the first paint's path); the server wrote it, shape checked here.
    if (parsed && typeof parsed.name === 'string' && typeof parsed.id === 'string' && brandIdPattern.test(parsed.id)) return { id: parsed.id, name: parsed.name };
  } catch {
    // no or broken element: the brand arrives with the configuration
  }
  return undefined;
}
