import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('test-run configuration', () => {
  it('keeps artifacts in a folder under DATA_DIR and leaves CI uploads off by default', () => {
    const config = loadConfig({ DATA_DIR: '/srv/lp' });
    expect(config.ciSecret).toBeUndefined();
    expect(config.artifacts).toEqual({ store: 'folder', dir: path.resolve('/srv/lp/artifacts') });
    expect(loadConfig({ ARTIFACTS_DIR: '/mnt/blobs' }).artifacts).toEqual({ store: 'folder', dir: '/mnt/blobs' });
  });

  it('uses an S3-compatible bucket when all four S3 variables are set', () => {
    const s3 = { S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'artifacts', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'key' };
    expect(loadConfig(s3).artifacts).toEqual({ store: 's3', endpoint: 'http://minio:9000', bucket: 'artifacts', region: 'us-east-1', accessKeyId: 'id', secretAccessKey: 'key', forcePathStyle: true });
    expect(problems({ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'artifacts' })).toEqual([
      'S3_ACCESS_KEY_ID: is required when any S3_* variable is set',
      'S3_SECRET_ACCESS_KEY: is required when any S3_* variable is set',
    ]);
  });

  it('takes a CI secret of 12+ characters', () => {
    expect(loadConfig({ CI_SECRET: ' shared-secret-1 ' }).ciSecret).toBe('shared-secret-1');
    expect(problems({ CI_SECRET: 'short' })).toEqual(['CI_SECRET: must be at least 12 characters']);
  });
});
