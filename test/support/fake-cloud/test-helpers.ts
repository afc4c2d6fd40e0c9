import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MachineSpec, ShellSession } from '../../../server/deployments/providers/types';
import type { FakeCloud } from './fake-cloud';
import { generateSshKeyPair, type SshKeyPair } from '../../../server/deployments/providers/ssh/keys';

/** Polls `fn` until it returns something truthy. */
export async function until<T>(fn: () => Promise<T | null | undefined | false>, ms = 10_000, everyMs = 20): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** The installation id test specs carry (a fixed uuid, as installation.ts would store one). */
export const testInstallationId = 'a1b2c3d4-0000-4000-8000-00000000f00d';

/** A machine spec with a fresh key pair, as the deployment service would build it. */
export function testSpec(deploymentId: string, overrides: Partial<MachineSpec> = {}): { spec: MachineSpec; keys: SshKeyPair } {
  const hostname = `lp-${deploymentId.replace(/-/g, '').slice(0, 12)}`;
  const keys = generateSshKeyPair(`launchpad-${hostname}`);
  const spec: MachineSpec = {
    deploymentId,
    hostname,
    typeId: 'trial_vm_hetzner',
    gpu: false,
    version: '2.12.2',
    sshPublicKey: keys.publicKey,
    labels: { launchpad: 'true', 'launchpad-deployment': deploymentId },
    installationId: testInstallationId,
    ...overrides,
  };
  return { spec, keys };
}

/** Collects a shell's output and waits for text in it. */
export function recordShell(shell: ShellSession) {
  let out = '';
  shell.onData((d) => (out += d));
  return { output: () => out, waitFor: (text: string) => until(async () => out.includes(text)) };
}

/** A temporary file path standing in for /var/log/cloud-init-output.log. */
export function tempLogPath(): { file: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-cloud-'));
  return { file: path.join(dir, 'cloud-init-output.log'), cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A running server in the fake Hetzner API that did not come through Launchpad's create path (another team's, or one left behind). */
export function plantHetznerServer(cloud: FakeCloud, id: number, name: string, labels: Record<string, string>): void {
  cloud.hetzner.servers.set(id, { id, name, status: 'running', server_type: 'cx22', image: 'ubuntu-24.04', location: 'nbg1', labels, ssh_keys: [], user_data: undefined, created: '', gets: 0 });
}
