/** Which arrow keys move: left/right (tabs), up/down (menus), or both (wrapping tab lists). */
export type Orientation = 'horizontal' | 'vertical' | 'both';

const nextKeys: Record<Orientation, string[]> = { horizontal: ['ArrowRight'], vertical: ['ArrowDown'], both: ['ArrowRight', 'ArrowDown'] };
const prevKeys: Record<Orientation, string[]> = { horizontal: ['ArrowLeft'], vertical: ['ArrowUp'], both: ['ArrowLeft', 'ArrowUp'] };

/**
 * The ARIA keyboard model of tabs and menus: arrows move and wrap, Home/End jump; undefined for
 * keys that are not ours. `current` may be -1 (nothing focused yet): next goes to the first, previous to the last.
 */
export function rovingIndex(key: string, current: number, count: number, orientation: Orientation = 'horizontal'): number | undefined {
  if (count === 0) return undefined;
  if (nextKeys[orientation].includes(key)) return (current + 1) % count;
  if (prevKeys[orientation].includes(key)) return current < 0 ? count - 1 : (current - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}
