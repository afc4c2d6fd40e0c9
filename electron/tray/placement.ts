export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface Point {
  x: number;
  y: number;
}

export interface TrayPlacement {
  /** Tray.getBounds(): all zeros on Linux, where the icon does not say where it is */
  icon: Rect;
  /** screen.getCursorScreenPoint(): where the person just clicked, when the icon gives no position */
  cursor: Point;
  /** the display of the icon (or cursor): its whole bounds and the work area left by menu bars and taskbars */
  display: { bounds: Rect; workArea: Rect };
  size: { width: number; height: number };
}

const gap = 4;
type Edge = 'top' | 'bottom' | 'left' | 'right';

/** Which edge holds the bar with the icon: where the work area stops short of the display, else the nearer half. */
function barEdge({ bounds: b, workArea: w }: TrayPlacement['display'], anchor: Rect): Edge {
  if (w.y > b.y) return 'top';
  if (w.y + w.height < b.y + b.height) return 'bottom';
  if (w.x > b.x) return 'left';
  if (w.x + w.width < b.x + b.width) return 'right';
  // an auto-hidden taskbar or panel
  return anchor.y + anchor.height / 2 < w.y + w.height / 2 ? 'top' : 'bottom';
}

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(value, Math.max(min, max)));

/**
 * Where the tray window opens: next to its icon on the side away from the bar (under the macOS
 * menu bar, above the Windows taskbar, beside a side taskbar), at the click where the icon has no
 * position, and always wholly inside the display's work area.
 */
export function trayWindowPosition(p: TrayPlacement): Point {
  const anchor: Rect = p.icon.width > 0 && p.icon.height > 0 ? p.icon : { ...p.cursor, width: 0, height: 0 };
  const { width, height } = p.size;
  const centreX = anchor.x + anchor.width / 2 - width / 2;
  const position: Record<Edge, Point> = {
    top: { x: centreX, y: anchor.y + anchor.height + gap },
    bottom: { x: centreX, y: anchor.y - height - gap },
    left: { x: anchor.x + anchor.width + gap, y: anchor.y },
    right: { x: anchor.x - width - gap, y: anchor.y },
  };
  const { x, y } = position[barEdge(p.display, anchor)];
  const w = p.display.workArea;
  return { x: Math.round(clamp(x, w.x, w.x + w.width - width)), y: Math.round(clamp(y, w.y, w.y + w.height - height)) };
}
