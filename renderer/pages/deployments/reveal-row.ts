/** How long a new row stays highlighted after Create. */
export const freshRowMs = 4000;

/**
 * After Create: once the new row is rendered (it arrives with the next list refresh), scrolls it
 * to the top of the window, with the terminal that opens under it, and highlights it for a few
 * seconds (`data-fresh`, styles.css). Gives up after `timeoutMs`.
 */
export function revealRowWhenShown(id: string, timeoutMs = 5000): void {
  const start = performance.now();
  const tryNow = () => {
    const row = document.querySelector<HTMLElement>(`[data-deployment-id="${CSS.escape(id)}"]`);
    if (!row) {
      if (performance.now() - start < timeoutMs) requestAnimationFrame(tryNow);
      return;
    }
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    row.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
    row.setAttribute('data-fresh', '');
    setTimeout(() => row.removeAttribute('data-fresh'), freshRowMs);
  };
  requestAnimationFrame(tryNow);
}
