import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { keepingPort } from './local-port';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** a real listener, as the embedded server's first step is */
const listen = (port: number) =>
  new Promise<number>((resolve, reject) => {
    const s = http.createServer();
    s.once('error', reject);
    s.listen(port, '127.0.0.1', () => {
      servers.push(s);
      resolve((s.address() as AddressInfo).port);
    });
  });

describe('the local server keeps its port', () => {
  it('first run: a free port; next runs: the same port again', async () => {
    const first = await keepingPort(undefined, listen);
    await new Promise((resolve) => servers.pop()?.close(resolve));
    expect(await keepingPort(first, listen)).toBe(first);
  });

  it('a new port only when the saved one is taken', async () => {
    const taken = await listen(0);
    const next = await keepingPort(taken, listen);
    expect(next).not.toBe(taken);
    expect(next).toBeGreaterThan(0);
  });

  it('other failures are not hidden behind a new port', async () => {
    await expect(keepingPort(3000, () => Promise.reject(Object.assign(new Error('no data folder'), { code: 'EACCES' })))).rejects.toThrow('no data folder');
  });
});
