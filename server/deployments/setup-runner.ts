import type { Brand } from '../../shared/brand';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { Conflict, NotFound } from '../domain-errors';
import { addEvent, claimSetupStep, insertSetupSteps, listSetupSteps, updateSetupStep, type DeploymentRow } from './queries';
import { gpuSetupSteps } from './setup-steps';
import type { Provider } from './providers/types';
import { targetOf } from './machine';

const outputCap = 256 * 1024;

interface StepDeps {
  db: Db;
  clock: Clock;
  brand: Brand;
}

export async function ensureSetupSteps(deps: StepDeps, d: DeploymentRow): Promise<void> {
  const steps = gpuSetupSteps(deps.brand.name, d.version ?? '');
  await insertSetupSteps(
    deps.db,
    steps.map((s, position) => ({ deploymentId: d.id, id: s.id, position, description: s.description, emoji: s.emoji, status: 'pending' })),
  );
}

/** Runs one step to completion; its output is kept for the logs download. Throws 409 if it is already running. */
export async function runSetupStep(deps: StepDeps, d: DeploymentRow, provider: Provider, stepId: string): Promise<{ ok: boolean; error: string | null }> {
  const def = gpuSetupSteps(deps.brand.name, d.version ?? '').find((s) => s.id === stepId);
  // a step of an older setup (before issue 44 the list named Kubernetes steps the VM never had)
  if (!def) throw new NotFound('This setup step is no longer part of the GPU setup');
  if (!(await claimSetupStep(deps.db, d.id, stepId, deps.clock.now()))) throw new Conflict('This setup step is already running');
  const command = provider.name === 'local' ? def.local : def.remote;
  const result = await provider.exec(targetOf(d), command, { timeoutMs: 30 * 60_000 }).catch((err: unknown) => ({ code: null, output: err instanceof Error ? err.message : String(err) }));
  const ok = result.code === 0;
  const error = ok ? null : `${def.description} failed${result.code === null ? '' : ` (exit code ${result.code})`}: ${lastLine(result.output)}`;
  await updateSetupStep(deps.db, d.id, stepId, { status: ok ? 'completed' : 'failed', error, output: result.output.slice(-outputCap), finishedAt: deps.clock.now() });
  await addEvent(deps.db, d.id, ok ? `Setup step ${stepId} completed` : `Setup step ${stepId} failed: ${error}`, deps.clock.now());
  return { ok, error };
}

/** The GPU setup after install: each step in order, stopping at the first failure (Rerun picks up from there). */
export async function runAllSetupSteps(deps: StepDeps, d: DeploymentRow, provider: Provider): Promise<void> {
  await ensureSetupSteps(deps, d);
  const known = new Set(gpuSetupSteps(deps.brand.name, d.version ?? '').map((s) => s.id));
  for (const step of await listSetupSteps(deps.db, d.id)) {
    if (step.status === 'completed' || !known.has(step.id)) continue;
    const { ok } = await runSetupStep(deps, d, provider, step.id);
    if (!ok) return;
  }
}

function lastLine(output: string): string {
  const lines = output.trim().split('\n');
  return (lines[lines.length - 1] ?? '').slice(0, 300) || 'no output';
}
