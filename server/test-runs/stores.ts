import type { Config } from '../config';
import { folderBlobStore, type BlobStore } from './blob-store';

/**
 * The configured artifact store. The S3 client is loaded on first use, so a Launchpad that keeps
 * artifacts in a folder never loads the AWS SDK.
 */
export function createBlobStore(config: Config['artifacts']): BlobStore {
  if (config.store === 'folder') return folderBlobStore(config.dir);
  let store: Promise<BlobStore> | undefined;
  const s3 = () => (store ??= import('./s3-store').then((m) => m.s3BlobStore(config)));
  return {
    kind: 's3',
    put: async (key, data, contentType) => (await s3()).put(key, data, contentType),
    get: async (key) => (await s3()).get(key),
    delete: async (key) => (await s3()).delete(key),
  };
}
