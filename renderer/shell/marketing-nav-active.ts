import { useEffect, useState } from 'react';
import { activeSection, landingSections, readingLineFor, type LandingSection, type SectionBox } from './marketing-nav';

/** Fallback when the CSS variable cannot be read (it is 60px in styles.css). */
const headerFallbackPx = 60;

function measure(): LandingSection | undefined {
  const boxes: SectionBox[] = [];
  for (const id of landingSections) {
    const r = document.getElementById(id)?.getBoundingClientRect();
    if (r) boxes.push({ id, top: r.top, bottom: r.bottom });
  }
  const header = document.querySelector('.site-header')?.getBoundingClientRect().height ?? headerFallbackPx;
  return activeSection(boxes, readingLineFor(window.innerHeight, header));
}

/** On the landing page: the section the Home menu highlights, updated at most once a frame while scrolling. */
export function useActiveLandingSection(enabled: boolean): LandingSection | undefined {
  const [active, setActive] = useState<LandingSection | undefined>(undefined);
  useEffect(() => {
    if (!enabled) {
      setActive(undefined);
      return;
    }
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setActive(measure()));
    };
    update();
    // The landing page is loaded lazily: measure again once it has had time to draw.
    const late = window.setTimeout(update, 500);
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(late);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [enabled]);
  return active;
}
