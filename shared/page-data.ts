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
  /** the operator's demo recordings (DEMO_VIDEO_URL, CODE_DEMO_VIDEO_URL) */
  demoVideos?: DemoVideos;
  /** the agent gallery, on the pages that show it (it changes only with a release) */
  gallery?: Gallery;
}

/** The `<script type="application/json">` element carrying it. */
export const pageDataElementId = 'page-data';

/** The global the server sets before it loads its rendering of the marketing pages. */
export const serverPageDataKey = '__launchpadPageData';

/** Where the demos play from: an embeddable player address, or a video file (.mp4, .webm, .ogg). */
export interface DemoVideos {
  landing?: string;
  code?: string;
}

/** A video file the page plays itself, rather than a player page it embeds. */
export const isVideoFile = (url: string): boolean => /\.(mp4|webm|ogg|ogv|mov)$/i.test(new URL(url).pathname);

/** The origins a page must be allowed to frame or play media from for these demos (the Content-Security-Policy). */
export const demoVideoOrigins = (v: DemoVideos): string[] => [...new Set([v.landing, v.code].filter((u): u is string => !!u).map((u) => new URL(u).origin))];
