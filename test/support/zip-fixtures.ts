import zlib from 'node:zlib';

/**
 * A hand-written zip writer for tests: unlike a real archiver it writes whatever it is told,
 * including sizes that lie, symlink attributes and hostile names.
 */
export interface RawEntry {
  name: string;
  /** the bytes stored (already compressed when method is 8) */
  stored: Uint8Array;
  method: 0 | 8;
  /** declared uncompressed size */
  size: number;
  crc: number;
  /** 3 = Unix */
  os?: number;
  externalAttrs?: number;
}

/** The fields a local and a central header share, from "version needed" on (at 4 in a local header, at 6 in a central one). */
function writeShared(header: Buffer, at: number, e: RawEntry, nameLength: number): void {
  header.writeUInt16LE(20, at);
  header.writeUInt16LE(0x800, at + 2);
  header.writeUInt16LE(e.method, at + 4);
  header.writeUInt32LE(e.crc >>> 0, at + 10);
  header.writeUInt32LE(e.stored.length, at + 14);
  header.writeUInt32LE(e.size, at + 18);
  header.writeUInt16LE(nameLength, at + 22);
}

export function rawZip(entries: RawEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeShared(local, 4, e, name.length);
    locals.push(local, name, Buffer.from(e.stored));
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(((e.os ?? 0) << 8) | 20, 4);
    writeShared(central, 6, e, name.length);
    central.writeUInt32LE((e.externalAttrs ?? 0) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + e.stored.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, cd, end]));
}

/** A deflated entry holding `data` truthfully. */
export function deflated(name: string, data: Uint8Array, extra: Partial<RawEntry> = {}): RawEntry {
  return { name, stored: zlib.deflateRawSync(data), method: 8, size: data.length, crc: zlib.crc32(data), ...extra };
}

/**
 * `mb` megabytes of zeros, deflated (about 1 KB per MB): the classic highly compressible bomb.
 * Built with node's zlib in 1 MB steps, so the test never holds the whole expanded file.
 */
export async function zerosEntry(name: string, mb: number): Promise<RawEntry> {
  const block = Buffer.alloc(1024 * 1024);
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  let crc = 0;
  for (let i = 0; i < mb; i++) {
    deflate.write(block);
    crc = zlib.crc32(block, crc);
  }
  deflate.end();
  await done;
  return { name, stored: new Uint8Array(Buffer.concat(out)), method: 8, size: mb * 1024 * 1024, crc };
}
