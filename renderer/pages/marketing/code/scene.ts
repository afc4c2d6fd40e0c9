/**
 * The /code page's canvas scene as numbers (public-site 2.12): a fleet of agent desktops, each
 * typing lines of code at its own pace and moving a card along a board. Pure, so the drawing code
 * only paints what this returns for a moment in time.
 */
export interface Tile {
  /** widths of the code lines as fractions of the tile width, 0..1 */
  lines: number[];
  /** cursor blink */
  cursorOn: boolean;
  /** which board column the agent's card is in: 0 Backlog, 1 Design, 2 Implementation */
  column: number;
}

const linesPerTile = 6;
const cycleMs = 9000;

/** A stable pseudo-random number in [0, 1) for a tile and line (no Math.random: frames must repeat). */
function noise(a: number, b: number): number {
  const x = Math.sin(a * 127.1 + b * 311.7) * 43758.5453;
  return x - Math.floor(x);
}

export function sceneAt(elapsedMs: number, tiles: number): Tile[] {
  return Array.from({ length: tiles }, (_, i) => {
    const speed = 0.7 + noise(i, 99) * 0.6;
    const phase = ((elapsedMs * speed) / cycleMs + noise(i, 7)) % 1;
    const typed = phase * linesPerTile;
    const lines = Array.from({ length: linesPerTile }, (_, l) => {
      const full = 0.35 + noise(i, l) * 0.6;
      return Math.max(0, Math.min(1, typed - l)) * full;
    });
    return { lines, cursorOn: Math.floor(elapsedMs / 530) % 2 === 0, column: Math.min(2, Math.floor(phase * 3)) };
  });
}

/** The pause button: pressed means paused. Reduced motion starts paused. */
export function initiallyRunning(prefersReducedMotion: boolean): boolean {
  return !prefersReducedMotion;
}
