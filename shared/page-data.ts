import type { Gallery } from './api/agents';
import type { Brand } from './brand';
import type { LicensePriceList } from './licenses/pricing';

/**
 * What the server tells every page it serves before any request is made: the product's brand, the
 * operator's licence prices and the configured GPU size. Written by server/http/marketing-pages.ts, read by
 * renderer/app/page-data.ts (in the browser from the element, in the server's rendering of the
 * marketing pages from the global).
 */
export interface PageData {
  brand: Brand;
  prices: Omit<LicensePriceList, 'includedUsers' | 'userPackSize'>;
  /** CIVO_GPU_SIZE: what the GPU offer's texts say (shared/deployments/gpu-sizes.ts) */
  gpuSize: string;
  /** the agent gallery, on the pages that show it (it changes only with a release) */
  gallery?: Gallery;
}

/** The `<script type="application/json">` element carrying it. */
export const pageDataElementId = 'page-data';

/** The global the server sets before it loads its rendering of the marketing pages. */
export const serverPageDataKey = '__launchpadPageData';
