import { revealWhenShown } from '../../shell/reveal';

/**
 * After Create (or a link to it): once the deployment's row is rendered (it arrives with the next list
 * refresh), scrolls it to the top of the window, with the terminal that opens under it, and highlights it.
 */
export function revealRowWhenShown(id: string): void {
  revealWhenShown(`[data-deployment-id="${CSS.escape(id)}"]`, { block: 'start' });
}
