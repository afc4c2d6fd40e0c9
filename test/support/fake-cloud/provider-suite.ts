import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { RetryEvent } from '../../../server/deployments/providers/http/api-client';
import { startFakeCloud, type FakeCloud, type FakeCloudOptions } from './fake-cloud';
import { tempLogPath } from './test-helpers';

/** What a cloud provider's tests share: the fake cloud, an install log file, and the waits and retries its client recorded in this test. */
export interface ProviderSuite {
  fake: FakeCloud;
  log: ReturnType<typeof tempLogPath>;
  waits: number[];
  retries: RetryEvent[];
}

/** Starts the fake cloud before a provider's tests and closes it after them; each test starts with no waits or retries recorded. */
export function providerSuite(options?: FakeCloudOptions): ProviderSuite {
  const suite: Omit<ProviderSuite, 'fake'> & { fake?: FakeCloud } = { log: tempLogPath(), waits: [], retries: [] };
  beforeAll(async () => {
    suite.fake = await startFakeCloud(options);
  });
  afterAll(async () => {
    await suite.fake?.close();
    suite.log.cleanup();
  });
  beforeEach(() => {
    suite.waits.length = 0;
    suite.retries.length = 0;
  });
  return suite as ProviderSuite;
}

/** What every cloud provider's API client does with an error answer (../../deployments/providers/http/api-client.ts), against the fake cloud. */
export function sharedRetryCases(suite: ProviderSuite, listOwned: () => Promise<unknown>): void {
  it('an injected 422 is not retried and keeps the message', async () => {
    suite.fake.failNext(1, 422);
    await expect(listOwned()).rejects.toMatchObject({ status: 422, retryable: false, message: expect.stringContaining('injected 422') });
    expect(suite.retries).toEqual([]);
  });

  it('503 twice, then success, waiting no less the second time', async () => {
    suite.fake.failNext(2, 503);
    await expect(listOwned()).resolves.toBeInstanceOf(Array);
    expect(suite.retries.map((r) => r.status)).toEqual([503, 503]);
    expect(suite.waits[1]).toBeGreaterThanOrEqual(suite.waits[0] ?? 0);
  });
}
