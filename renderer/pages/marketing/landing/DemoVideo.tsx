import { useState } from 'react';
import { type DemoVideos, isVideoFile } from '../../../../shared/page-data';
import { pageData } from '../../../app/page-data';

/** The operator's demo recordings as the page was served with them (DEMO_VIDEO_URL, CODE_DEMO_VIDEO_URL). */
export function useDemoVideos(): DemoVideos {
  const [videos] = useState(() => pageData().demoVideos ?? {});
  return videos;
}

/**
 * The operator's own demo (issue 44): a video file plays here, any other address is embedded as a
 * player page (lazily: nothing of it loads before it scrolls near). The Content-Security-Policy
 * admits the address's origin only when it is configured (server/http/security-headers.ts).
 */
export function OperatorDemo({ url, title }: { url: string; title: string }) {
  if (isVideoFile(url)) return <video className="lp-demo-video" data-testid="operator-demo-video" src={url} controls preload="none" playsInline width={960} height={540} aria-label={title} />;
  return (
    <iframe
      className="lp-demo-video"
      data-testid="operator-demo-embed"
      src={url}
      title={title}
      loading="lazy"
      width={960}
      height={540}
      allow="fullscreen; picture-in-picture"
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}
