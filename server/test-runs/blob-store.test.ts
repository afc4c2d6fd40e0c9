import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderBlobStore, type BlobStore } from './blob-store';
import { createBlobStore } from './stores';

/** Just enough of S3's path-style object API (PUT, GET, DELETE) to run the real SDK against. */
function fakeS3(bucket: string) {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const requests: { method: string; url: string; auth: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://s3.local');
      requests.push({ method: req.method ?? '', url: url.pathname, auth: req.headers.authorization ?? '' });
      const prefix = `/${bucket}/`;
      if (!url.pathname.startsWith(prefix)) {
        res.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchBucket</Code><Message>no bucket</Message></Error>');
        return;
      }
      const key = decodeURIComponent(url.pathname.slice(prefix.length));
      if (req.method === 'PUT') {
        objects.set(key, { body: Buffer.concat(chunks), type: req.headers['content-type'] ?? '' });
        res.writeHead(200, { etag: '"1"' }).end();
      } else if (req.method === 'GET') {
        const o = objects.get(key);
        if (!o) res.writeHead(404, { 'content-type': 'application/xml' }).end(`<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${key}</Key></Error>`);
        else res.writeHead(200, { 'content-type': o.type, 'content-length': o.body.length }).end(o.body);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else res.writeHead(405).end();
    });
  });
  return { server, objects, requests };
}

async function roundTrip(store: BlobStore) {
  const data = new TextEncoder().encode('hello artifact\n');
  await store.put('test-artifacts/abc-123', data, 'text/plain; charset=utf-8');
  const got = await store.get('test-artifacts/abc-123');
  expect(got?.size).toBe(data.length);
  expect(await text(got!.body)).toBe('hello artifact\n');
  await store.delete('test-artifacts/abc-123');
  expect(await store.get('test-artifacts/abc-123')).toBeUndefined();
  // Removing what is not there is fine.
  await store.delete('test-artifacts/abc-123');
}

describe('folder blob store', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-blobs-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('puts, streams back and deletes', async () => {
    await roundTrip(folderBlobStore(root));
    expect(fs.readdirSync(path.join(root, 'test-artifacts'))).toEqual([]);
  });

  it.each(['../escape', 'test-artifacts/../../x', '/abs', 'a/./b', 'A', 'a//b', 'x.png'])('refuses the key %j', async (key) => {
    await expect(folderBlobStore(root).put(key, new Uint8Array(1), 'x')).rejects.toThrow(/invalid blob key/);
  });
});

describe('S3 blob store', () => {
  const s3 = fakeS3('artifacts');
  let endpoint: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => s3.server.close(() => resolve())));

  it('round-trips through the AWS SDK with signed, path-style requests', async () => {
    const store = createBlobStore({ store: 's3', endpoint, bucket: 'artifacts', region: 'us-east-1', accessKeyId: 'AKIDTEST', secretAccessKey: 'secret-test-key', forcePathStyle: true });
    expect(store.kind).toBe('s3');
    await store.put('test-artifacts/shot-1', new Uint8Array([137, 80, 78, 71]), 'image/png');
    expect(s3.objects.get('test-artifacts/shot-1')?.type).toBe('image/png');
    await roundTrip(store);
    expect(s3.requests[0]).toMatchObject({ method: 'PUT', url: '/artifacts/test-artifacts/shot-1' });
    expect(s3.requests.every((r) => r.auth.startsWith('AWS4-HMAC-SHA256 Credential=AKIDTEST/'))).toBe(true);
  });
});
