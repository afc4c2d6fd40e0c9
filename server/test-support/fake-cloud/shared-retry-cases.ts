import { expect, it } from 'vitest';
import type { RetryEvent } from '../../deployments/providers/http/api-client';
import type { FakeCloud } from './fake-cloud';

interface Subject {
  fake(): FakeCloud;
  /** the provider's listOwned (it answers an array) */
  listOwned(): Promise<unknown>;
  retries(): RetryEvent[];
  waits(): number[];
}

/** What every cloud provider's API client does with an error answer (../../deployments/providers/http/api-client.ts), against the fake cloud. */
export function sharedRetryCases(t: Subject): void {
  it('an injected 422 is not retried and keeps the message', async () => {
    t.fake().failNext(1, 422);
    await expect(t.listOwned()).rejects.toMatchObject({ status: 422, retryable: false, message: expect.stringContaining('injected 422') });
    expect(t.retries()).toEqual([]);
  });

  it('503 twice, then success, waiting no less the second time', async () => {
    t.fake().failNext(2, 503);
    await expect(t.listOwned()).resolves.toBeInstanceOf(Array);
    expect(t.retries().map((r) => r.status)).toEqual([503, 503]);
    expect(t.waits()[1]).toBeGreaterThanOrEqual(t.waits()[0] ?? 0);
  });
}
