import { strToU8, zipSync, type Zippable } from 'fflate';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { inspectZip, readZipFile, ZipRejected, type ZipLimits } from './unzip';
import { deflated, rawZip, type RawEntry } from '../../test/support/zip-fixtures';

/**
 * The hand-written zip reader held to yauzl, the maintained Node zip reader, on the same archives
 * (in the manner of oidc-provider's router parity test): whatever ours accepts, yauzl reads to the
 * same files and bytes; whatever yauzl refuses, ours refuses too. Ours is stricter on purpose —
 * symlinks, duplicate or overlapping entries, control characters and declared-size bombs are
 * refused before anything is stored — and those cases are listed below, not left to chance.
 */

const limits: ZipLimits = { maxFiles: 200, maxTotalBytes: 8 * 1024 * 1024 };

type Outcome = { ok: true; files: Record<string, string> } | { ok: false; error: string };

function ours(zip: Uint8Array): Outcome {
  try {
    const files = inspectZip(zip, limits);
    return { ok: true, files: Object.fromEntries(files.map((f) => [f.path, Buffer.from(readZipFile(zip, f)).toString('base64')])) };
  } catch (err) {
    if (err instanceof ZipRejected) return { ok: false, error: err.message };
    throw err;
  }
}

/** yauzl with its own safety checks on (entry sizes, file names); folders skipped like ours. */
function theirs(zip: Uint8Array): Promise<Outcome> {
  return new Promise((resolve) => {
    const files: Record<string, string> = {};
    const fail = (err: Error) => resolve({ ok: false, error: err.message });
    yauzl.fromBuffer(Buffer.from(zip), { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, zipfile) => {
      if (err || !zipfile) return fail(err ?? new Error('no zipfile'));
      zipfile.on('error', fail);
      zipfile.on('end', () => resolve({ ok: true, files }));
      zipfile.on('entry', (entry: yauzl.Entry) => {
        if (/\/$/.test(entry.fileName)) return zipfile.readEntry();
        zipfile.openReadStream(entry, (e, stream) => {
          if (e || !stream) return fail(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', fail);
          stream.on('end', () => {
            files[entry.fileName.replace(/^\.\//, '').replace(/\/{2,}/g, '/')] = Buffer.concat(chunks).toString('base64');
            zipfile.readEntry();
          });
        });
      });
      zipfile.readEntry();
    });
  });
}

const text = (s: string) => strToU8(s);
const names = fc.stringMatching(/^[a-z0-9_-]{1,12}(\/[a-z0-9_-]{1,12}){0,2}\.(log|txt|png|json)$/);
const contents = fc.uint8Array({ maxLength: 4096 });

describe('zip reader parity with yauzl', () => {
  it('archives made by a real archiver: both read the same files and bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(names, fc.tuple(contents, fc.constantFrom(0, 6, 9))), async (entries) => {
        const tree: Zippable = {};
        for (const [name, [data, level]] of Object.entries(entries)) tree[name] = [data, { level: level as 0 | 6 | 9 }];
        const zip = zipSync(tree);
        const a = ours(zip);
        const b = await theirs(zip);
        expect(a.ok).toBe(true);
        expect(a).toEqual(b);
      }),
      { numRuns: 60 },
    );
  });

  const hostile: [string, () => Uint8Array][] = [
    ['not a zip', () => text('hello, this is not an archive at all, just some bytes')],
    ['truncated archive', () => zipSync({ 'a.log': text('x'.repeat(500)) }).slice(0, 80)],
    ['absolute path', () => rawZip([deflated('/etc/passwd', text('x'))])],
    ['parent traversal', () => rawZip([deflated('../evil.log', text('x'))])],
    ['declared size smaller than the data (bomb)', () => rawZip([deflated('a.log', text('y'.repeat(5000)), { size: 10 })])],
    ['declared size larger than the data', () => rawZip([deflated('a.log', text('short'), { size: 5000 })])],
  ];

  it.each(hostile)('%s: yauzl refuses it, and so does ours', async (_name, make) => {
    const zip = make();
    const b = await theirs(zip);
    expect(b.ok).toBe(false);
    expect(ours(zip).ok).toBe(false);
  });

  // Stricter than yauzl by design: each of these is read by yauzl without complaint.
  const stricter: [string, () => Uint8Array][] = [
    ['a Unix symlink entry', () => rawZip([deflated('link', text('/etc/passwd'), { os: 3, externalAttrs: (0o120777 << 16) >>> 0 })])],
    ['two entries with the same path', () => rawZip([deflated('a.log', text('one')), deflated('a.log', text('two'))])],
    ['a control character in a name', () => rawZip([deflated('a\nb.log', text('x'))])],
    // yauzl leaves CRC-32 checks to the caller (its README says so).
    ['a wrong checksum', () => rawZip([deflated('a.log', text('data'), { crc: 1234 })])],
  ];

  it.each(stricter)('%s: yauzl reads it, ours refuses it', async (_name, make) => {
    const zip = make();
    expect((await theirs(zip)).ok).toBe(true);
    expect(ours(zip).ok).toBe(false);
  });

  it('the entries both readers agree on are read identically even beside folders', async () => {
    const entries: RawEntry[] = [deflated('logs/a.log', text('alpha')), deflated('shots/b.png', new Uint8Array([137, 80, 78, 71]))];
    const zip = rawZip(entries);
    expect(ours(zip)).toEqual(await theirs(zip));
  });
});
