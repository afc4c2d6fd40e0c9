/** How long a revealed row stays marked. */
export const revealedMs = 4000;

/**
 * Once the element `selector` names is rendered (a list may still be loading), scrolls it into view
 * (`block`: the middle of the window by default) and marks it for a few seconds (`data-fresh`,
 * styles.css). Gives up after `timeoutMs`.
 */
export function revealWhenShown(selector: string, { block = 'center', timeoutMs = 5000 }: { block?: ScrollLogicalPosition; timeoutMs?: number } = {}): void {
  const start = performance.now();
  const tryNow = () => {
    const el = document.querySelector<HTMLElement>(selector);
    if (!el) {
      if (performance.now() - start < timeoutMs) requestAnimationFrame(tryNow);
      return;
    }
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollIntoView({ block, behavior: smooth ? 'smooth' : 'auto' });
    el.setAttribute('data-fresh', '');
    setTimeout(() => el.removeAttribute('data-fresh'), revealedMs);
  };
  requestAnimationFrame(tryNow);
}
