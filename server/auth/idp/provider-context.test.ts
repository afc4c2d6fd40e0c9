import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import providerContext from 'oidc-provider/lib/helpers/als.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerContextWhileInFlight, providerRequestsInFlight } from './provider-context';

/** Node 20's storage says whether it is on (its promise hooks with it); later Node versions keep contexts without hooks and have no such flag. */
const storageOn = () => (providerContext as unknown as { enabled?: boolean }).enabled;
/**
 * Off once none of the provider's requests is in flight in this process. Other files' servers share
 * the worker's process: the count must be back where it was, and off is asked only if that was none.
 */
const expectOffAgain = (before: number) => {
  expect(providerRequestsInFlight()).toBe(before);
  if (before === 0 && storageOn() !== undefined) expect(storageOn()).toBe(false);
};

describe("the provider's context storage, on only while one of its requests is in flight", () => {
  let server: http.Server;
  let url: string;
  const gates = new Map<string, () => void>();
  const seen: [string, unknown][] = [];

  beforeAll(async () => {
    const app = new Koa();
    // As oidc-provider does with each of its requests: the request's context in its storage, read further down.
    app.use(
      providerContextWhileInFlight(async (ctx, next) => {
        await providerContext.run(ctx.path, async () => {
          await new Promise<void>((resolve) => gates.set(ctx.path, resolve));
          seen.push([ctx.path, providerContext.getStore()]);
          await next();
        });
      }),
    );
    app.use((ctx) => {
      ctx.body = 'ok';
    });
    server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    // a failed test may leave a request held at its gate
    for (const release of gates.values()) release();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const waitForGate = async (path: string) => {
    while (!gates.has(path)) await new Promise((r) => setTimeout(r, 5));
    return gates.get(path) as () => void;
  };

  it('keeps each request its own context while another ends, and turns the storage off when the last one ends', async () => {
    const before = providerRequestsInFlight();
    const first = fetch(`${url}/first`);
    const second = fetch(`${url}/second`);
    // both in flight before the first ends (on a busy machine the second may reach the server later)
    const releaseFirst = await waitForGate('/first');
    const releaseSecond = await waitForGate('/second');
    releaseFirst();
    expect((await first).status).toBe(200);
    // the first has ended, the second is still in flight: its context is still there
    expect(storageOn()).not.toBe(false);
    releaseSecond();
    expect((await second).status).toBe(200);
    expect(seen).toEqual([
      ['/first', '/first'],
      ['/second', '/second'],
    ]);
    expectOffAgain(before);
    expect(providerContext.getStore()).toBeUndefined();
  });

  it('keeps it on while a request of another mount in this process is in flight', async () => {
    const before = providerRequestsInFlight();
    const other = providerContextWhileInFlight(async (_ctx, next) => {
      await providerContext.run('/other', next);
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const otherRequest = other({} as never, async () => {
      await held;
      expect(providerContext.getStore()).toBe('/other');
    });
    const fourth = fetch(`${url}/fourth`);
    (await waitForGate('/fourth'))();
    expect((await fourth).status).toBe(200);
    // this mount's request has ended, the other's has not: its context is still there
    expect(storageOn()).not.toBe(false);
    release();
    await otherRequest;
    expectOffAgain(before);
  });

  it('turns it on again for the next request', async () => {
    const before = providerRequestsInFlight();
    const third = fetch(`${url}/third`);
    (await waitForGate('/third'))();
    expect((await third).status).toBe(200);
    expect(seen.at(-1)).toEqual(['/third', '/third']);
    expectOffAgain(before);
  });
});
