import path from 'node:path';
import type { Brand } from '../../../shared/brand';
import { gpuInstanceConfigId, trialVmConfigId } from '../../../shared/deployments/catalog';
import type { Config } from '../../config';
import { createCivoProvider } from './civo/provider';
import { createHetznerProvider } from './hetzner/provider';
import { createLocalProvider } from './local/provider';
import type { Provider } from './types';

export interface Providers {
  /** the provider backing a creatable deployment type */
  forType(configId: string): Provider;
  /** the provider a stored deployment was created with */
  byName(name: string): Provider | undefined;
  /** every provider in use, for orphan clean-up */
  all(): Provider[];
}

/** Which provider backs each type is configuration; with no cloud keys all types use `local`. */
export function createProviders(config: Config, brand: Brand): Providers {
  const local = createLocalProvider({ rootDir: path.join(config.dataDir, 'deployments'), productName: brand.name });
  const extra: Provider[] = [];
  if (config.deployments.trialVmProvider === 'hetzner') extra.push(createHetznerProvider(config.deployments));
  if (config.deployments.gpuProvider === 'civo') extra.push(createCivoProvider(config.deployments));
  const byName = new Map<string, Provider>([[local.name, local], ...extra.map((p) => [p.name, p] as const)]);
  const pick = (name: string) => byName.get(name) ?? local;
  const { trialVmProvider, gpuProvider } = config.deployments;
  return {
    forType(configId) {
      if (configId === trialVmConfigId) return pick(trialVmProvider);
      if (configId === gpuInstanceConfigId) return pick(gpuProvider);
      return local;
    },
    byName: (name) => byName.get(name),
    all: () => [...byName.values()],
  };
}
