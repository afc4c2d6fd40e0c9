export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The main window's saved place, if it still fits: at least a 100×50 corner of its title area
 * must lie on one of today's displays (a monitor unplugged since, a lower resolution), and it is
 * shrunk to that display's work area. Otherwise undefined: the default size, centred.
 */
export function restoredBounds(saved: Rect | undefined, workAreas: readonly Rect[], min = { width: 800, height: 560 }): Rect | undefined {
  if (!saved) return undefined;
  const area = workAreas.find((a) => saved.x + 100 <= a.x + a.width && saved.x + saved.width - 100 >= a.x && saved.y >= a.y - 10 && saved.y + 50 <= a.y + a.height);
  if (!area) return undefined;
  const width = Math.max(min.width, Math.min(saved.width, area.width));
  const height = Math.max(min.height, Math.min(saved.height, area.height));
  return { x: Math.min(Math.max(saved.x, area.x), area.x + area.width - width), y: Math.min(Math.max(saved.y, area.y), area.y + area.height - height), width, height };
}
