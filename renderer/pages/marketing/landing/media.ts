/**
 * The landing and code pages' media. Showcase media are screenshots and short clips of the real
 * product, made by scripts/record-showcase.ts and served by this site from renderer/public/media/;
 * a tab with a clip (muted, looping VP9 WebM, at most 1.5 MB) plays it over its poster. Every reference here is
 * checked to exist with its content type (e2e/public-site.spec.ts). The landing page's "See it in
 * action" plays a recorded clip from here too: no placeholder ids of an outside video service.
 */
import type { ProductTab } from './products';

export interface ShowcaseMedia {
  /** a screenshot of the screen, 1280 × 720 JPEG */
  poster: string;
  /** a short clip of it (960 × 540), when one has been recorded */
  clip?: string;
}

/**
 * The tabs whose recording shows the feature the tab names (issue 44): the agent gallery and
 * sign-in. The others (models, retrieval, vision, evaluations, GPU scheduling) are features of the
 * platform this site cannot record, so they show a labelled illustration (FeatureIllustration.tsx).
 */
export const recordedTabs = ['agents', 'auth'] as const satisfies readonly ProductTab[];
export type RecordedTab = (typeof recordedTabs)[number];
export const isRecorded = (tab: ProductTab): tab is RecordedTab => (recordedTabs as readonly string[]).includes(tab);

/** How a showcase clip plays, wherever it is shown: muted and looping over its poster, loaded on demand, at its recorded size. */
export const clipVideoProps = (media: ShowcaseMedia) =>
  ({ src: media.clip, poster: media.poster, preload: 'none', muted: true, loop: true, playsInline: true, controls: true, width: 960, height: 540 }) as const;

const tabMedia = (tab: RecordedTab): ShowcaseMedia => ({ poster: `/media/showcase-${tab}.jpg`, clip: `/media/showcase-${tab}.webm` });

/** Only the recorded tabs have media: an illustrated tab has no poster or clip to fall back on. */
export const showcaseMedia: Record<RecordedTab, ShowcaseMedia> = {
  agents: tabMedia('agents'),
  auth: tabMedia('auth'),
};

/** The hero's picture of the product: a trial VM running in the deployments list, shot at its own scale (the page in a window this wide). */
export const heroShot = { src: '/media/hero-deployments.jpg', width: 480, height: 320 } as const;

/** The image a shared link shows (og:image, twitter:image; server/http/marketing-pages.ts names the same file). */
export const socialCard = '/media/social-card.jpg';
