import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface BlobObject {
  body: Readable;
  /** bytes, when the store knows */
  size: number | undefined;
}

/** Where artifact bytes live: a folder by default, an S3-compatible bucket by configuration. */
export interface BlobStore {
  readonly kind: 'folder' | 's3';
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /** undefined when there is no such blob */
  get(key: string): Promise<BlobObject | undefined>;
  /** removing a missing blob is not an error */
  delete(key: string): Promise<void>;
}

/** Keys are made by Launchpad (`test-artifacts/<uuid>`), never from names in an upload. */
const keyPattern = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/;

export function assertBlobKey(key: string): void {
  if (!keyPattern.test(key)) throw new Error(`invalid blob key ${JSON.stringify(key)}`);
}

/** Blobs as files under one folder; each write goes to a temporary file renamed into place. */
export function folderBlobStore(root: string): BlobStore {
  const fileOf = (key: string) => {
    assertBlobKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'folder',
    async put(key, data) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await fs.promises.writeFile(tmp, data);
        await fs.promises.rename(tmp, file);
      } catch (err) {
        await fs.promises.rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const handle = await fs.promises.open(file, 'r');
        const { size } = await handle.stat();
        return { body: handle.createReadStream(), size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
  };
}
