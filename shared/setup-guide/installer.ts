import { installCommand } from '../marketing/install-commands';
import { type SetupConfig, serverUrl } from './config';

/**
 * The installer line for a server that runs the control plane (cloud or on-premises VM): the
 * public address when one is set, CPU-only — no `--runner`, the installer has no `--no-gpu`
 * (GPU runners join later with `--runner --api-host … --runner-token …`).
 */
export function serverInstallCommand(c: Pick<SetupConfig, 'accessMethod' | 'domain'>, brandId: string): string {
  const apiHost = c.accessMethod === 'domain' && serverUrl(c).startsWith('https://') ? serverUrl(c) : undefined;
  return installCommand({ os: 'linux', gpu: false, flags: { apiHost, controlplane: true } }, brandId);
}
