import { describe, expect, it } from 'vitest';
import { parseResize } from './protocol';
import { Scrollback } from './scrollback';

describe('Scrollback', () => {
  it('keeps everything below its limit', () => {
    const s = new Scrollback(100);
    s.push('a\r\n');
    s.push('');
    s.push('b');
    expect(s.text()).toBe('a\r\nb');
    expect(s.length).toBe(4);
  });

  it('drops the oldest output and starts after a line break', () => {
    const s = new Scrollback(20);
    for (let i = 0; i < 10; i++) s.push(`line ${i}\r\n`);
    expect(s.text()).toBe('line 8\r\nline 9\r\n');
    expect(s.length).toBeLessThanOrEqual(20);
  });

  it('keeps the end of a single chunk larger than the limit', () => {
    const s = new Scrollback(10);
    s.push('x'.repeat(1000) + 'END');
    expect(s.text()).toBe('xxxxxxxEND');
  });
});

describe('parseResize', () => {
  it('reads rows then columns as big-endian uint16, clamped to 1..1000', () => {
    expect(parseResize(Buffer.from([0, 24, 0, 80]))).toEqual({ rows: 24, cols: 80 });
    expect(parseResize(Buffer.from([0x01, 0x00, 0x00, 0x00]))).toEqual({ rows: 256, cols: 1 });
    expect(parseResize(Buffer.from([0xff, 0xff, 0x03, 0xe9]))).toEqual({ rows: 1000, cols: 1000 });
  });

  it('is null for any other length', () => {
    for (const n of [0, 1, 3, 5, 64]) expect(parseResize(Buffer.alloc(n))).toBeNull();
  });
});
