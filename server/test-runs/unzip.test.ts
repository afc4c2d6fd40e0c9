import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { inspectZip, readZipFile, safeEntryPath, ZipRejected, type ZipLimits } from './unzip';
import { deflated, rawZip, zerosEntry } from '../../test/support/zip-fixtures';

const limits: ZipLimits = { maxFiles: 50, maxTotalBytes: 1024 * 1024 };

function rejection(zip: Uint8Array, l: ZipLimits = limits): ZipRejected {
  try {
    inspectZip(zip, l);
  } catch (err) {
    if (err instanceof ZipRejected) return err;
    throw err;
  }
  throw new Error('expected the zip to be rejected');
}

const text = (s: string) => strToU8(s);

describe('inspectZip', () => {
  it('reads a zip made by a real archiver, folders skipped, stored and deflated entries', () => {
    const zip = zipSync({ results: { 'a.log': text('line 1\nline 2\n'), 'shots/': {}, 'raw.bin': [new Uint8Array([1, 2, 3]), { level: 0 }] } });
    const files = inspectZip(zip, limits);
    expect(files.map((f) => [f.path, f.size])).toEqual([
      ['results/a.log', 14],
      ['results/raw.bin', 3],
    ]);
    expect(new TextDecoder().decode(readZipFile(zip, files[0]!))).toBe('line 1\nline 2\n');
    expect([...readZipFile(zip, files[1]!)]).toEqual([1, 2, 3]);
  });

  it.each([
    ['../evil.log', 'unsafe-path'],
    ['results/../../evil.log', 'unsafe-path'],
    ['..\\evil.log', 'unsafe-path'],
    ['/etc/passwd', 'unsafe-path'],
    ['\\windows\\evil.txt', 'unsafe-path'],
    ['C:/evil.txt', 'unsafe-path'],
    ['a\0b.log', 'unsafe-path'],
    ['a\nb.log', 'unsafe-path'],
    [`${'x'.repeat(1100)}.log`, 'unsafe-path'],
  ])('rejects the entry %j as %s', (name, reason) => {
    const err = rejection(rawZip([deflated('ok.log', text('fine')), deflated(name, text('owned'))]));
    expect(err.reason).toBe(reason);
    expect(err.entry).toBe(name);
  });

  it('normalises harmless oddities: ./ prefixes and doubled slashes', () => {
    expect(safeEntryPath('./results//a.log')).toBe('results/a.log');
  });

  it('rejects a Unix symlink entry, even one made by a real archiver', () => {
    const zip = zipSync({ 'link.log': [text('/etc/passwd'), { os: 3, attrs: (0o120777 << 16) >>> 0 }], 'a.log': text('x') });
    expect(rejection(zip).reason).toBe('symlink');
  });

  it('rejects an NTFS reparse point and Unix special files', () => {
    expect(rejection(rawZip([deflated('junction', text('x'), { externalAttrs: 0x400 })])).reason).toBe('symlink');
    expect(rejection(rawZip([deflated('fifo', text('x'), { os: 3, externalAttrs: (0o010644 << 16) >>> 0 })])).reason).toBe('unsafe-path');
  });

  it('accepts regular Unix files with permissions', () => {
    const zip = zipSync({ 'run.sh': [text('echo hi'), { os: 3, attrs: (0o100755 << 16) >>> 0 }] });
    expect(inspectZip(zip, limits)).toHaveLength(1);
  });

  it('refuses more entries than allowed', () => {
    const files = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`f${i}.log`, text('x')]));
    expect(rejection(zipSync(files), { ...limits, maxFiles: 5 }).reason).toBe('too-many-files');
  });

  it('refuses a bomb that declares its size before decompressing anything', async () => {
    const err = rejection(rawZip([await zerosEntry('bomb.log', 3)]));
    expect(err.reason).toBe('too-large');
  });

  it('refuses a bomb that lies about its size, by counting while decompressing', async () => {
    const bomb = await zerosEntry('bomb.log', 3);
    const err = rejection(rawZip([{ ...bomb, size: 1000 }]));
    expect(err).toMatchObject({ reason: 'too-large', entry: 'bomb.log' });
  });

  it('refuses entries whose sizes add up to more than the limit', async () => {
    const piece = await zerosEntry('x', 1);
    const entries = Array.from({ length: 3 }, (_, i) => ({ ...piece, name: `part${i}.log`, size: piece.size }));
    expect(rejection(rawZip(entries), { maxFiles: 10, maxTotalBytes: 2.5 * 1024 * 1024 }).reason).toBe('too-large');
  });

  it('refuses entries that share their data (overlapping-file bomb)', () => {
    const one = deflated('a.log', text('hello'));
    const zip = rawZip([one, { ...one, name: 'b.log' }]);
    // Point b.log's central entry at a.log's local header.
    const view = Buffer.from(zip);
    const secondCentral = view.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), view.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 4);
    view.writeUInt32LE(0, secondCentral + 42);
    expect(rejection(new Uint8Array(view)).reason).toBe('invalid');
  });

  it.each([
    ['not a zip', text('hello, I am plain text and not an archive at all')],
    ['an empty body', new Uint8Array(0)],
    ['a truncated zip', zipSync({ 'a.log': text('x'.repeat(500)) }).subarray(0, 60)],
  ])('calls %s invalid', (_what, data) => {
    expect(rejection(data).reason).toBe('invalid');
  });

  it('refuses duplicate paths and a checksum mismatch', () => {
    expect(rejection(rawZip([deflated('a.log', text('1')), deflated('./a.log', text('2'))])).reason).toBe('invalid');
    expect(rejection(rawZip([deflated('a.log', text('1'), { crc: 12345 })])).reason).toBe('invalid');
  });
});
