/**
 * Draws the app icon (512×512 PNG) without image tools: an indigo rounded square with a white
 * upward chevron, the "launch" mark. electron-builder derives .ico/.icns from it.
 * Run: npx tsx scripts/make-icon.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const size = 512;
const samples = 4;

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** Inside the rounded square (margin 24, corner radius 110)? */
function inSquare(x: number, y: number): boolean {
  const m = 24;
  const r = 110;
  const cx = Math.min(Math.max(x, m + r), size - m - r);
  const cy = Math.min(Math.max(y, m + r), size - m - r);
  return x >= m && x <= size - m && y >= m && y <= size - m && (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** Distance from p to the segment ab. */
function segment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const t = Math.max(0, Math.min(1, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
  return Math.hypot(px - (ax + t * (bx - ax)), py - (ay + t * (by - ay)));
}

/** Two chevrons pointing up, the upper one bolder: a launch. */
function inMark(x: number, y: number): boolean {
  const upper = Math.min(segment(x, y, 146, 290, 256, 180), segment(x, y, 256, 180, 366, 290)) <= 34;
  const lower = Math.min(segment(x, y, 176, 370, 256, 290), segment(x, y, 256, 290, 336, 370)) <= 24;
  return upper || lower;
}

function pixel(x: number, y: number): [number, number, number, number] {
  let square = 0;
  let mark = 0;
  for (let sy = 0; sy < samples; sy++) {
    for (let sx = 0; sx < samples; sx++) {
      const px = x + (sx + 0.5) / samples;
      const py = y + (sy + 0.5) / samples;
      if (inSquare(px, py)) {
        square++;
        if (inMark(px, py)) mark++;
      }
    }
  }
  const n = samples * samples;
  if (square === 0) return [0, 0, 0, 0];
  // indigo to violet from top to bottom
  const t = y / size;
  const bg = [Math.round(99 + (139 - 99) * t), Math.round(102 + (92 - 102) * t), Math.round(241 + (246 - 241) * t)];
  const w = mark / square;
  const mix = (c: number) => Math.round(c * (1 - w) + 255 * w);
  return [mix(bg[0] ?? 0), mix(bg[1] ?? 0), mix(bg[2] ?? 0), Math.round((255 * square) / n)];
}

const raw = Buffer.alloc(size * (size * 4 + 1));
for (let y = 0; y < size; y++) {
  const row = y * (size * 4 + 1);
  raw[row] = 0;
  for (let x = 0; x < size; x++) raw.set(pixel(x, y), row + 1 + x * 4);
}
const header = Buffer.alloc(13);
header.writeUInt32BE(size, 0);
header.writeUInt32BE(size, 4);
header.set([8, 6, 0, 0, 0], 8);
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
const target = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'build', 'icons', '512x512.png');
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.writeFileSync(target, png);
console.log(`wrote ${target} (${png.length} bytes)`);
