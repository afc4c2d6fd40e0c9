import { useState } from 'react';
import { Glyph } from './glyphs';
import { embedUrl } from './media';

/**
 * A click-to-load video embed: until the visitor presses play, the page shows a local placeholder
 * and makes no request at all to the video service (no third-party cookies, scripts or bytes on
 * page load). Only the click inserts the iframe, which then starts playing.
 */
export function VideoFacade({ videoId, title }: { videoId: string; title: string }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <div className="lp-video" data-testid="video-embed">
      {loaded ? (
        <iframe
          src={embedUrl(videoId)}
          title={title}
          width={960}
          height={540}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button type="button" className="lp-video-facade" onClick={() => setLoaded(true)}>
          <span className="lp-video-play">
            <Glyph name="play" size={30} />
          </span>
          <span>Play video: {title}</span>
          <span className="muted lp-video-note">Loads the player from an external video service</span>
        </button>
      )}
    </div>
  );
}
