/**
 * Where the landing and code pages' videos live. Showcase clips are served by this site (put the
 * files under renderer/public/videos/); until they are there, a clip simply does not play. The
 * demo embeds come from the video service behind `videoEmbedOrigin`, which the Content Security
 * Policy's frame-src allows (server/http/security-headers.ts).
 */
import type { ProductTab } from './products';

export const showcaseVideos: Record<ProductTab, string> = {
  agents: '/videos/showcase-agents.mp4',
  models: '/videos/showcase-models.mp4',
  rag: '/videos/showcase-rag.mp4',
  vision: '/videos/showcase-vision.mp4',
  evals: '/videos/showcase-evals.mp4',
  gpu: '/videos/showcase-gpu.mp4',
  auth: '/videos/showcase-auth.mp4',
};

export const videoEmbedOrigin = 'https://www.youtube-nocookie.com';

/** Ids of the demo recordings on the video service. */
export const demoVideos = {
  platform: 'platform-demo',
  code: 'code-agent-demo',
} as const;

export function embedUrl(videoId: string): string {
  return `${videoEmbedOrigin}/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`;
}
