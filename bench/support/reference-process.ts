/** Starting bench:api's reference servers in their own processes (reference-child.ts), and what they need from Launchpad. */
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { api } from '../../test/support/api-client';
import { fetchJwks, type Listening, type MinimalOptions } from './api-reference';
import type { ReferenceChildOptions } from './reference-child';
import { sleep } from './stats';

const child = path.join(path.dirname(fileURLToPath(import.meta.url)), 'reference-child.ts');

export type ReferenceProcess = Listening & { pid: number | undefined };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.once('error', reject);
  });
}

/** What the minimal reference needs to verify Launchpad's tokens as Launchpad does: the issuer's keys, issuer, audience, client and product id. */
export async function referenceAuthOf(launchpadUrl: string): Promise<Omit<MinimalOptions, 'query'>> {
  const config = (await api({ url: launchpadUrl }, '/api/config')).body as { product: { id: string }; oidc: { issuer: string; clientId: string } };
  return {
    jwks: await fetchJwks(config.oidc.issuer),
    issuer: config.oidc.issuer,
    audience: `${launchpadUrl}/api`,
    clientId: config.oidc.clientId,
    productId: config.product.id,
  };
}

/** A reference server in its own process (bench/support/reference-child.ts). */
export const startReference = (o: ReferenceChildOptions): Promise<ReferenceProcess> => startReferenceScript(child, o);

/** A reference server's script in its own process, its options as JSON in argv; it prints `reference at <url>` and stops on SIGTERM or when this process goes. */
export async function startReferenceScript(script: string, options: unknown): Promise<ReferenceProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(options)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d: Buffer) => {
      out += d.toString('utf8');
      const found = /reference at (http\S+)/.exec(out)?.[1];
      if (found) resolve(found);
    });
    proc.once('exit', (code) => reject(new Error(`the reference exited with ${code}`)));
  });
  return {
    url,
    pid: proc.pid,
    close: async () => {
      proc.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    },
  };
}
