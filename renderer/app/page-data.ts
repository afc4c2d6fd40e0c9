import { brandIdPattern, type Brand } from '../../shared/brand';
import { gpuSizePattern } from '../../shared/deployments/gpu-sizes';
import { type PageData as ServedPageData, pageDataElementId, serverPageDataKey } from '../../shared/page-data';

export type PageData = Partial<ServedPageData>;

/**
 * The page data as the page was served with it. A marketing page is rendered on the server with
 * it and then hydrated, and both must read the same brand and prices from the first render on
 * (zustand's server snapshot is the store's initial state), so they come with the page rather
 * than with the configuration request.
 */
export function pageData(): PageData {
  if (typeof document === 'undefined') return ((globalThis as Record<string, unknown>)[serverPageDataKey] as PageData | undefined) ?? {};
  try {
    const parsed = JSON.parse(document.getElementById(pageDataElementId)?.textContent ?? '{}') as PageData;
    // Checked by hand: the validation library is not on the first paint's path, and the server wrote it.
    return {
      brand: isBrand(parsed.brand) ? parsed.brand : undefined,
      prices: isPrices(parsed.prices) ? parsed.prices : undefined,
      gpuSize: typeof parsed.gpuSize === 'string' && gpuSizePattern.test(parsed.gpuSize) ? parsed.gpuSize : undefined,
      gallery: isGallery(parsed.gallery) ? parsed.gallery : undefined,
      demoVideos: demoVideosOf(parsed.demoVideos),
    };
  } catch {
    return {};
  }
}

function isBrand(b: unknown): b is Brand {
  const v = b as Partial<Brand> | undefined;
  return typeof v?.name === 'string' && typeof v.id === 'string' && brandIdPattern.test(v.id);
}

function isGallery(g: unknown): g is PageData['gallery'] {
  const v = g as PageData['gallery'];
  return !!v && typeof v.metadata?.name === 'string' && Array.isArray(v.categories) && v.categories.every((c) => typeof c.id === 'string' && Array.isArray(c.agents));
}

const cents = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 0;

function isPrices(p: unknown): p is PageData['prices'] {
  const v = p as PageData['prices'];
  return (
    !!v &&
    [v.baseAnnualCents, v.userPackAnnualCents, v.gpuAnnualCents, v.hostedGpuAnnualCents].every(cents) &&
    !!v.supportAnnualCents &&
    [v.supportAnnualCents.none, v.supportAnnualCents.email, v.supportAnnualCents.premium].every(cents)
  );
}

const httpUrl = (u: unknown): u is string => typeof u === 'string' && /^https?:\/\/[^\s"<>]+$/.test(u);

function demoVideosOf(v: unknown): PageData['demoVideos'] {
  const d = v as PageData['demoVideos'];
  if (!d) return undefined;
  return { ...(httpUrl(d.landing) ? { landing: d.landing } : {}), ...(httpUrl(d.code) ? { code: d.code } : {}) };
}
