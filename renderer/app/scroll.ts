import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Lazily loaded pages may not have drawn the target yet: look again for about 2 seconds. */
const hashRetryMs = 100;
const hashRetries = 20;

function revealTarget(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  // Open every collapsed <details> around the target so it is actually visible.
  for (let d = target.closest('details'); d; d = d.parentElement?.closest('details') ?? null) d.open = true;
  target.scrollIntoView({ behavior: 'smooth', block: 'start' });
  return true;
}

/**
 * Public-site 2.1: after a hash link the target scrolls into view; without a hash the page
 * scrolls smoothly to the top unless the navigation carried `{ preserveScroll: true }` state.
 */
export function useScrollOnNavigate(): void {
  const location = useLocation();
  const preserve = (location.state as { preserveScroll?: boolean } | null)?.preserveScroll === true;

  useEffect(() => {
    const id = decodeURIComponent(location.hash.replace(/^#/, ''));
    if (!id) {
      if (!preserve) window.scrollTo({ top: 0, behavior: 'smooth' });
      return;
    }
    let tries = 0;
    let timer: number | undefined;
    const attempt = () => {
      if (revealTarget(id) || ++tries >= hashRetries) return;
      timer = window.setTimeout(attempt, hashRetryMs);
    };
    attempt();
    return () => window.clearTimeout(timer);
    // location.key: clicking the same link again scrolls again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);
}
