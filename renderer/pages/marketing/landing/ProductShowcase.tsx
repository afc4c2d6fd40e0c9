import { useEffect, useRef, useState } from 'react';
import { TabList, panelId, tabId } from './TabList';
import { clipVideoProps, isRecorded, type RecordedTab, recordedTabs, showcaseMedia } from './media';
import { FeatureIllustration } from './FeatureIllustration';
import { productTabs, products, type ProductTab } from './products';
import { planVideos } from './showcase-videos';

const clipTabs = recordedTabs.filter((t) => showcaseMedia[t].clip);
const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Product showcase (public-site 2.5 item 5), anchor #product-showcase; the tab is lifted so the architecture icons can pick one. */
export function ProductShowcase({ tab, onSelect }: { tab: ProductTab; onSelect(tab: ProductTab): void }) {
  const section = useRef<HTMLDivElement>(null);
  const videos = useRef<Partial<Record<RecordedTab, HTMLVideoElement | null>>>({});
  const [visible, setVisible] = useState(false);
  // A hidden tab's poster is fetched once its tab is chosen, not with the page (issue 44).
  const [shown, setShown] = useState<ReadonlySet<ProductTab>>(() => new Set([tab]));
  useEffect(() => setShown((s) => (s.has(tab) ? s : new Set([...s, tab]))), [tab]);

  useEffect(() => {
    const el = section.current;
    if (!el) return;
    // Near the viewport counts as visible, so the clip is already starting when it scrolls in.
    const observer = new IntersectionObserver(([entry]) => setVisible(entry?.isIntersecting ?? false), { rootMargin: '200px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    // Only tabs with a recorded clip have a video; the others show their screenshot.
    const plan = planVideos<ProductTab>(clipTabs, tab, visible, reducedMotion());
    for (const t of plan.pause) {
      const v = isRecorded(t) ? videos.current[t] : undefined;
      if (v && !v.paused) v.pause();
      v?.removeAttribute('data-autoplay');
    }
    const playing = plan.play && isRecorded(plan.play) && videos.current[plan.play];
    if (playing) {
      playing.setAttribute('data-autoplay', 'on');
      // React sets `muted` as a property on a client render only, not on hydrating the server's HTML; autoplay needs it.
      playing.muted = true;
      // Browsers may refuse autoplay (power saving, policies): ignored silently (public-site 8).
      playing.play().catch(() => undefined);
    }
  }, [tab, visible]);

  return (
    <div ref={section}>
      <h2 className="lp-section-title">The platform</h2>
      <p className="lp-section-lead">Everything an AI programme needs, in one product you run yourself.</p>
      <TabList idPrefix="product" label="Platform capabilities" values={productTabs} selected={tab} onSelect={onSelect} render={(t) => products[t].label} className="lp-tabs lp-tabs-scroll" />
      {productTabs.map((t) => {
        const p = products[t];
        return (
          <div key={t} role="tabpanel" id={panelId('product', t)} aria-labelledby={tabId('product', t)} hidden={t !== tab} className="lp-showcase-panel" tabIndex={0}>
            <div className="lp-showcase-copy">
              <h3>{p.title}</h3>
              <p>{p.text}</p>
              <ul>
                {p.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </div>
            {!isRecorded(t) ? (
              <FeatureIllustration tab={t} />
            ) : showcaseMedia[t].clip ? (
              <video
                ref={(el) => {
                  videos.current[t] = el;
                }}
                className="lp-showcase-video"
                data-testid={`showcase-video-${t}`}
                {...clipVideoProps(showcaseMedia[t])}
                poster={shown.has(t) ? showcaseMedia[t].poster : undefined}
                aria-label={`${p.label} walkthrough: a recording of the product`}
              />
            ) : (
              <img
                className="lp-showcase-video"
                data-testid={`showcase-image-${t}`}
                src={showcaseMedia[t].poster}
                width={1280}
                height={720}
                loading="lazy"
                decoding="async"
                alt={`${p.label}: a screen of the product`}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}
