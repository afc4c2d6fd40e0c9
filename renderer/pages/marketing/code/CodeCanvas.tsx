import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { initiallyRunning, sceneAt, type Tile } from './scene';

const width = 960;
const height = 300;
const cols = 4;
const rows = 2;

function readColor(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

function paint(ctx: CanvasRenderingContext2D, tiles: Tile[]) {
  const panel = readColor('--panel', '#151c2a');
  const border = readColor('--border', '#243047');
  const accent = readColor('--accent', '#6c8cff');
  const ok = readColor('--ok', '#3ecf8e');
  ctx.clearRect(0, 0, width, height);
  const gap = 14;
  const w = (width - gap * (cols + 1)) / cols;
  const h = (height - gap * (rows + 1)) / rows;
  tiles.forEach((tile, i) => {
    const x = gap + (i % cols) * (w + gap);
    const y = gap + Math.floor(i / cols) * (h + gap);
    ctx.fillStyle = panel;
    ctx.strokeStyle = border;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.roundRect(x, y, w, h, 8);
    ctx.fill();
    ctx.stroke();
    // title bar with the agent's board column as three dots
    for (let c = 0; c < 3; c++) {
      ctx.fillStyle = c === tile.column ? ok : border;
      ctx.beginPath();
      ctx.arc(x + 14 + c * 12, y + 12, 3.5, 0, Math.PI * 2);
      ctx.fill();
    }
    let lastX = x + 14;
    let lastY = y + 30;
    tile.lines.forEach((fraction, l) => {
      const ly = y + 30 + l * 16;
      if (ly > y + h - 10 || fraction <= 0) return;
      const lw = (w - 28) * fraction;
      ctx.fillStyle = l % 3 === 0 ? accent : border;
      ctx.fillRect(x + 14 + (l % 2) * 12, ly, lw, 6);
      lastX = x + 14 + (l % 2) * 12 + lw + 3;
      lastY = ly;
    });
    if (tile.cursorOn) {
      ctx.fillStyle = ok;
      ctx.fillRect(lastX, lastY - 2, 2, 10);
    }
  });
}

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';
const prefersReducedMotion = () => window.matchMedia(reducedMotionQuery).matches;
// Read as an external store: the server (entry-server.tsx) renders it running, the browser then follows the preference.
function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * The animated fleet of agent desktops (public-site 2.12). Runs on requestAnimationFrame, starts
 * paused for visitors who prefer reduced motion, and keeps its place across pause and resume.
 */
export function CodeCanvas() {
  const canvas = useRef<HTMLCanvasElement>(null);
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
  // undefined until the visitor presses the button: until then the preference decides
  const [chosen, setChosen] = useState<boolean | undefined>(undefined);
  const running = chosen ?? initiallyRunning(reducedMotion);
  const elapsed = useRef(0);

  useEffect(() => {
    const el = canvas.current;
    const ctx = el?.getContext('2d');
    if (!el || !ctx) return;
    const ratio = window.devicePixelRatio || 1;
    el.width = width * ratio;
    el.height = height * ratio;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    paint(ctx, sceneAt(elapsed.current, cols * rows));
    if (!running) return;
    let frame = 0;
    let last: number | undefined;
    const step = (now: number) => {
      elapsed.current += last === undefined ? 0 : now - last;
      last = now;
      paint(ctx, sceneAt(elapsed.current, cols * rows));
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [running]);

  return (
    <div className="code-canvas">
      <canvas
        ref={canvas}
        width={width}
        height={height}
        data-testid="code-canvas"
        data-running={running}
        role="img"
        aria-label="Agents typing code on their own desktops while their cards move across a board"
      />
      <button type="button" className="btn btn-small code-canvas-toggle" aria-pressed={!running} aria-label="Pause animation" onClick={() => setChosen(!running)}>
        {running ? 'Pause' : 'Resume'}
      </button>
    </div>
  );
}
