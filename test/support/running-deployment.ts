/** Creates a trial VM on a test server and waits until the local provider has it running. */
import { expect } from 'vitest';
import { api } from './api-client';
import { until } from './clock';

export interface RunningDeploymentOptions {
  timeoutMins?: number | null;
  /** how long to wait for `running` (until's default otherwise) */
  waitMs?: number;
}

/** Creates a `trial_vm_hetzner` deployment named `name` as `token`'s user; answers its id once it runs. */
export async function createRunningDeployment(server: { url: string }, token: string, name: string, opts: RunningDeploymentOptions = {}): Promise<string> {
  const res = await api(server, '/api/deployments', { method: 'POST', token, body: { configId: 'trial_vm_hetzner', name, timeoutMins: opts.timeoutMins ?? null } });
  expect(res.status).toBe(200);
  const id = (res.body as { id: string }).id;
  await until(`${name} running`, async () => ((await api(server, `/api/deployments/${id}`, { token })).body as { status: string }).status === 'running', opts.waitMs);
  return id;
}
