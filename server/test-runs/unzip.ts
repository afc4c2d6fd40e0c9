import zlib from 'node:zlib';
import { Inflate } from 'fflate';

/**
 * Safe reading of an uploaded zip. The central directory is parsed here rather than by fflate's
 * `unzipSync`, because that trusts the sizes the archive declares (a zip bomb lies about them) and
 * does not expose the external attributes that mark symlinks. fflate's streaming `Inflate` does
 * the decompression, in small steps, counting every byte it produces.
 */

export interface ZipLimits {
  /** entries in the central directory, folders included */
  maxFiles: number;
  /** all files decompressed, added up */
  maxTotalBytes: number;
}

export type ZipRejection = 'too-large' | 'too-many-files' | 'unsafe-path' | 'symlink' | 'invalid';

export class ZipRejected extends Error {
  constructor(
    public readonly reason: ZipRejection,
    message: string,
    /** the entry's name as stored in the archive */
    public readonly entry?: string,
  ) {
    super(message);
    this.name = 'ZipRejected';
  }
}

/** One regular file of the archive, checked: its path is safe and its size is real. */
export interface ZipFile {
  /** normalised relative path: `/`-separated, no `.`/`..`/empty segments */
  path: string;
  size: number;
  /** where its compressed bytes are in the archive */
  readonly dataStart: number;
  readonly compressedSize: number;
  readonly method: 0 | 8;
  readonly crc: number;
}

const sig = { eocd: 0x06054b50, central: 0x02014b50, local: 0x04034b50 };
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
/** Windows' FILE_ATTRIBUTE_REPARSE_POINT: how NTFS symlinks and junctions are marked */
const reparsePoint = 0x400;
/** inflate this many compressed bytes at a time: deflate expands at most ~1032×, so one step yields ≤ 8.5 MB */
const inflateStep = 8 * 1024;

const utf8 = new TextDecoder('utf-8');
const latin1 = new TextDecoder('latin1');

function u16(b: Uint8Array, at: number): number {
  return b[at]! | (b[at + 1]! << 8);
}
function u32(b: Uint8Array, at: number): number {
  return (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
}

function invalid(message: string, entry?: string): ZipRejected {
  return new ZipRejected('invalid', message, entry);
}

function findEndOfCentralDirectory(zip: Uint8Array): number {
  const last = zip.length - 22;
  // The record ends the file, followed only by a comment of at most 65535 bytes.
  for (let at = last; at >= 0 && at >= last - 65535; at--) {
    if (u32(zip, at) === sig.eocd && at + 22 + u16(zip, at + 20) === zip.length) return at;
  }
  throw invalid('Not a zip archive (no end of central directory record)');
}

/**
 * The relative path an entry may be stored under, or a rejection: absolute paths, drive letters,
 * `..` segments and NUL bytes are refused; backslashes count as separators.
 */
export function safeEntryPath(name: string): string {
  // Control characters (NUL, newlines) have no place in a file name and would reach headers and the UI.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name) || name.length > 1024) throw new ZipRejected('unsafe-path', `Unsafe path in artifacts zip: ${JSON.stringify(name.slice(0, 200))}`, name);
  const unified = name.replaceAll('\\', '/');
  if (unified.startsWith('/') || /^[a-zA-Z]:/.test(unified)) throw new ZipRejected('unsafe-path', `Absolute path in artifacts zip: ${name}`, name);
  const segments = unified.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) throw new ZipRejected('unsafe-path', `Path traversal in artifacts zip: ${name}`, name);
  return segments.join('/');
}

/** Unix file type from the external attributes, when the archive was made on a Unix-like system. */
function entryKind(madeBy: number, externalAttrs: number): 'file' | 'dir' | 'symlink' | 'special' {
  const host = madeBy >> 8;
  if (host === 3 || host === 19) {
    const type = (externalAttrs >>> 16) & S_IFMT;
    if (type === S_IFLNK) return 'symlink';
    if (type === S_IFDIR) return 'dir';
    if (type !== 0 && type !== S_IFREG) return 'special';
  }
  if (externalAttrs & reparsePoint) return 'symlink';
  if (externalAttrs & 0x10) return 'dir';
  return 'file';
}

/** Decompresses one entry step by step; `onData` sees every chunk and may throw to stop. */
function inflateEntry(zip: Uint8Array, f: ZipFile, onData: (chunk: Uint8Array) => void): void {
  const data = zip.subarray(f.dataStart, f.dataStart + f.compressedSize);
  if (f.method === 0) {
    onData(data);
    return;
  }
  let finished = false;
  const inflate = new Inflate((chunk, final) => {
    if (chunk.length) onData(chunk);
    if (final) finished = true;
  });
  try {
    for (let at = 0; at < data.length && !finished; at += inflateStep) {
      const end = Math.min(at + inflateStep, data.length);
      inflate.push(data.subarray(at, end), end === data.length);
    }
    if (data.length === 0) inflate.push(new Uint8Array(0), true);
  } catch (err) {
    if (err instanceof ZipRejected) throw err;
    throw invalid(`Corrupt data in artifacts zip entry ${f.path}`, f.path);
  }
  if (!finished) throw invalid(`Truncated data in artifacts zip entry ${f.path}`, f.path);
}

/**
 * Checks the whole archive without keeping any file: structure, paths, file types, the count and
 * the real decompressed sizes (by decompressing and counting). Throws ZipRejected; answers the
 * regular files in archive order. Folders are skipped.
 */
export function inspectZip(zip: Uint8Array, limits: ZipLimits): ZipFile[] {
  if (zip.length < 22) throw invalid('Not a zip archive (too short)');
  const eocd = findEndOfCentralDirectory(zip);
  const count = u16(zip, eocd + 10);
  const cdSize = u32(zip, eocd + 12);
  const cdOffset = u32(zip, eocd + 16);
  if (u16(zip, eocd + 4) !== 0 || u16(zip, eocd + 6) !== 0 || u16(zip, eocd + 8) !== count) throw invalid('Multi-part zip archives are not supported');
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) throw invalid('ZIP64 archives are not supported');
  if (count > limits.maxFiles) throw new ZipRejected('too-many-files', `Artifacts zip has ${count} entries; at most ${limits.maxFiles} are accepted`);
  if (cdOffset + cdSize > eocd) throw invalid('Corrupt zip archive (central directory out of bounds)');

  const files: ZipFile[] = [];
  const seenPaths = new Set<string>();
  const seenOffsets = new Set<number>();
  let declaredTotal = 0;
  let at = cdOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > cdOffset + cdSize || u32(zip, at) !== sig.central) throw invalid('Corrupt zip archive (bad central directory entry)');
    const madeBy = u16(zip, at + 4);
    const flags = u16(zip, at + 8);
    const method = u16(zip, at + 10);
    const crc = u32(zip, at + 16);
    const compressedSize = u32(zip, at + 20);
    const size = u32(zip, at + 24);
    const nameLen = u16(zip, at + 28);
    const extraLen = u16(zip, at + 30);
    const commentLen = u16(zip, at + 32);
    const externalAttrs = u32(zip, at + 38);
    const localOffset = u32(zip, at + 42);
    const nameBytes = zip.subarray(at + 46, at + 46 + nameLen);
    at += 46 + nameLen + extraLen + commentLen;
    if (at > cdOffset + cdSize) throw invalid('Corrupt zip archive (central directory entry out of bounds)');
    // Bit 11: the name is UTF-8; otherwise it is in the old DOS code page, read here as Latin-1.
    const name = (flags & 0x800 ? utf8 : latin1).decode(nameBytes);

    const path = safeEntryPath(name);
    const kind = entryKind(madeBy, externalAttrs);
    if (kind === 'symlink') throw new ZipRejected('symlink', `Symbolic link in artifacts zip: ${name}`, name);
    if (kind === 'special') throw new ZipRejected('unsafe-path', `Not a regular file in artifacts zip: ${name}`, name);
    if (kind === 'dir' || name.endsWith('/') || name.endsWith('\\')) continue;
    if (path === '') throw new ZipRejected('unsafe-path', `Empty path in artifacts zip: ${JSON.stringify(name)}`, name);

    if (flags & 0x1) throw invalid(`Encrypted entries are not supported: ${name}`, name);
    if (method !== 0 && method !== 8) throw invalid(`Unsupported compression method ${method} for ${name}`, name);
    if (method === 0 && compressedSize !== size) throw invalid(`Corrupt stored entry ${name}`, name);
    if (size === 0xffffffff || compressedSize === 0xffffffff || localOffset === 0xffffffff) throw invalid('ZIP64 archives are not supported', name);
    declaredTotal += size;
    if (declaredTotal > limits.maxTotalBytes) throw new ZipRejected('too-large', `Artifacts exceed ${limits.maxTotalBytes} bytes uncompressed`, name);
    if (seenPaths.has(path)) throw invalid(`Duplicate file in artifacts zip: ${path}`, name);
    seenPaths.add(path);
    // Entries sharing their data are the overlapping-files zip bomb.
    if (seenOffsets.has(localOffset)) throw invalid(`Overlapping entries in artifacts zip: ${name}`, name);
    seenOffsets.add(localOffset);

    if (localOffset + 30 > cdOffset || u32(zip, localOffset) !== sig.local) throw invalid(`Corrupt local header for ${name}`, name);
    const dataStart = localOffset + 30 + u16(zip, localOffset + 26) + u16(zip, localOffset + 28);
    if (dataStart + compressedSize > cdOffset) throw invalid(`Data of ${name} runs into the central directory`, name);
    const localName = zip.subarray(localOffset + 30, localOffset + 30 + u16(zip, localOffset + 26));
    if (!Buffer.from(localName).equals(Buffer.from(nameBytes))) throw invalid(`Local and central names differ for ${name}`, name);

    files.push({ path, size, dataStart, compressedSize, method: method as 0 | 8, crc });
  }

  // The declared sizes may lie: decompress everything once, counting, keeping nothing.
  let total = 0;
  for (const f of files) {
    let produced = 0;
    let crc = 0;
    inflateEntry(zip, f, (chunk) => {
      produced += chunk.length;
      total += chunk.length;
      if (total > limits.maxTotalBytes) throw new ZipRejected('too-large', `Artifacts exceed ${limits.maxTotalBytes} bytes uncompressed`, f.path);
      if (produced > f.size) throw new ZipRejected('too-large', `Entry ${f.path} is larger than its declared size`, f.path);
      crc = zlib.crc32(chunk, crc);
    });
    if (produced !== f.size) throw invalid(`Entry ${f.path} is shorter than its declared size`, f.path);
    if (crc >>> 0 !== f.crc) throw invalid(`Checksum mismatch for ${f.path}`, f.path);
  }
  return files;
}

/** The bytes of one file that inspectZip accepted (its size is known to be real). */
export function readZipFile(zip: Uint8Array, f: ZipFile): Uint8Array {
  if (f.method === 0) return zip.slice(f.dataStart, f.dataStart + f.size);
  const out = new Uint8Array(f.size);
  let at = 0;
  inflateEntry(zip, f, (chunk) => {
    if (at + chunk.length > out.length) throw new ZipRejected('too-large', `Entry ${f.path} is larger than its declared size`, f.path);
    out.set(chunk, at);
    at += chunk.length;
  });
  return out;
}
