import path from 'node:path';
import type { Brand } from '../../../shared/brand';
import { gpuInstanceTypeId, trialVmTypeId } from '../../../shared/deployments/catalog';
import type { Config } from '../../config';
import { createCivoProvider } from './civo/provider';
import { createHetznerProvider } from './hetzner/provider';
import { createLocalProvider, type LocalProvider } from './local/provider';
import type { Logger } from 'pino';
import type { Provider } from './types';

export interface Providers {
  /** the embedded provider (test doubles may leave it out) */
  local?: LocalProvider;
  /** the provider backing a creatable deployment type */
  forType(typeId: string): Provider;
  /** the provider a stored deployment was created with */
  byName(name: string): Provider | undefined;
  /** every provider in use, for orphan clean-up */
  all(): Provider[];
}

/** Which provider backs each type is configuration; with no cloud keys all types use `local`. */
export function createProviders(config: Config, brand: Brand): Providers {
  const { sandbox: want, singleUser, ...limits } = config.deployments.local;
  const local = createLocalProvider({ rootDir: path.join(config.dataDir, 'deployments'), productName: brand.name, singleUser, sandbox: { want, ...limits } });
  const extra: Provider[] = [];
  if (config.deployments.trialVmProvider === 'hetzner') extra.push(createHetznerProvider(config.deployments));
  if (config.deployments.gpuProvider === 'civo') extra.push(createCivoProvider(config.deployments));
  const byName = new Map<string, Provider>([[local.name, local], ...extra.map((p) => [p.name, p] as const)]);
  const pick = (name: string) => byName.get(name) ?? local;
  const { trialVmProvider, gpuProvider } = config.deployments;
  return {
    local,
    forType(typeId) {
      if (typeId === trialVmTypeId) return pick(trialVmProvider);
      if (typeId === gpuInstanceTypeId) return pick(gpuProvider);
      return local;
    },
    byName: (name) => byName.get(name),
    all: () => [...byName.values()],
  };
}

/** Start-up tells the operator how local machines are confined. */
export function logLocalProviderMode(logger: Logger, providers: Providers) {
  if (!providers.local) return;
  const { mode, reason, account, singleUser, limits, limitsReason, limitsWanted } = providers.local.sandbox;
  if (mode === 'bwrap' && limits === 'machine')
    logger.info({ sandbox: mode, account, limits }, `local provider: machines run sandboxed (bubblewrap) as the unprivileged account ${account}, each in a control group and on a disk of its own`);
  else if (mode === 'bwrap')
    logger.warn(
      { sandbox: mode, account, limits, reason: limitsReason },
      `local provider: machines run sandboxed (bubblewrap) but are limited per process only (${limitsReason}); ${singleUser || limitsWanted === 'per-process' ? 'everyone can start local machines' : 'only administrators can start local machines'}`,
    );
  else
    logger.warn(
      { sandbox: mode, reason },
      `local provider: NO sandbox (${reason}); ${singleUser ? 'single-user install: its user can start local machines' : 'only administrators can start local machines'}`,
    );
}
