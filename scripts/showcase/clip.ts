/**
 * Records what a page shows while a scene plays and encodes it as a small, silent, looping WebM
 * (VP9). Frames come from Chromium's screencast (CDP `Page.startScreencast`), which sends a frame
 * only when the screen changes; each frame is held until the next one, so the clip keeps the real
 * timing. Encoding needs ffmpeg (Debian's package: `apt-get install ffmpeg`); Playwright's own
 * recorder would need its bundled ffmpeg build, which this project does not download.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';

export const clipSize = { width: 960, height: 540 };
/** public-site budget per clip (e2e/public-site.spec.ts checks it) */
export const clipMaxBytes = 1.5 * 1024 * 1024;
const fps = 10;
/** VP9 constant quality; raised step by step when a clip comes out over budget */
const firstCrf = 38;

/** ffmpeg's first version line, or undefined when ffmpeg is not installed or has no VP9 encoder. */
export function ffmpegVersion(): string | undefined {
  const version = spawnSync('ffmpeg', ['-hide_banner', '-version'], { encoding: 'utf8' });
  if (version.error || version.status !== 0) return undefined;
  const encoders = spawnSync('ffmpeg', ['-hide_banner', '-encoders'], { encoding: 'utf8' });
  if (!encoders.stdout.includes('libvpx-vp9')) return undefined;
  return version.stdout.split('\n')[0];
}

interface Frame {
  file: string;
  /** seconds */
  at: number;
}

/** Plays `scene` on `page` while recording; writes `out` (WebM) and returns its size in bytes. */
export async function recordClip(page: Page, scene: () => Promise<void>, out: string): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-clip-'));
  try {
    const frames = await captureFrames(page, scene, dir);
    if (frames.length < 2) throw new Error(`${out}: the screen never changed (${frames.length} frame)`);
    const list = path.join(dir, 'frames.ffconcat');
    fs.writeFileSync(list, concatList(frames));
    for (let crf = firstCrf; ; crf += 6) {
      encode(list, out, crf);
      const size = fs.statSync(out).size;
      if (size <= clipMaxBytes || crf >= 56) return size;
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function captureFrames(page: Page, scene: () => Promise<void>, dir: string): Promise<Frame[]> {
  const cdp = await page.context().newCDPSession(page);
  const frames: Frame[] = [];
  cdp.on('Page.screencastFrame', ({ data, metadata, sessionId }) => {
    const file = path.join(dir, `frame-${String(frames.length).padStart(5, '0')}.jpg`);
    fs.writeFileSync(file, Buffer.from(data, 'base64'));
    frames.push({ file, at: metadata.timestamp ?? Date.now() / 1000 });
    cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => undefined);
  });
  await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 90, maxWidth: clipSize.width, maxHeight: clipSize.height, everyNthFrame: 1 });
  try {
    await scene();
  } finally {
    await cdp.send('Page.stopScreencast');
    await cdp.detach();
  }
  // the last frame lasts until the scene ended
  frames.push({ file: frames.at(-1)?.file ?? '', at: Date.now() / 1000 });
  return frames;
}

/** ffmpeg's concat list: every frame shown until the next one arrived. */
function concatList(frames: Frame[]): string {
  const lines = ['ffconcat version 1.0'];
  for (let i = 0; i < frames.length - 1; i++) {
    const frame = frames[i] as Frame;
    const next = frames[i + 1] as Frame;
    lines.push(`file '${path.basename(frame.file)}'`, `duration ${Math.max(next.at - frame.at, 1 / fps).toFixed(3)}`);
  }
  // the concat demuxer ignores the last entry's duration unless the file is named once more
  lines.push(`file '${path.basename(frames.at(-1)?.file ?? '')}'`);
  return `${lines.join('\n')}\n`;
}

function encode(list: string, out: string, crf: number): void {
  const { width, height } = clipSize;
  const filter = `fps=${fps},scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:color=white,format=yuv420p`;
  // -an: no audio track at all (the showcase plays muted); low CPU use per frame suits a shared machine.
  const args = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list, '-vf', filter, '-an'];
  args.push('-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', String(crf), '-deadline', 'good', '-cpu-used', '4', '-row-mt', '1', '-threads', '2', out);
  const run = spawnSync('ffmpeg', args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`ffmpeg failed for ${out}: ${run.stderr}`);
}
