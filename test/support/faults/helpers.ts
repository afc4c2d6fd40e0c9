import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createLocalProvider } from '../../../server/deployments/providers/local/provider';
import { openDatabase, type Database } from '../../../server/db/client';
import { api } from '../api-client';
import { pgliteTemplate } from '../test-pglite';

export const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), `lp-fault-${prefix}-`));

let migrated: Promise<string> | undefined;
/** One PGlite data folder per process, unpacked from the run's migrated dump (test/support/pglite-template.global.ts). */
function migratedPglite(): Promise<string> {
  return (migrated ??= (async () => {
    const dir = path.join(tempDir('migrated'), 'pglite');
    const client = new PGlite({ dataDir: dir, loadDataDir: new Blob([fs.readFileSync(pgliteTemplate())]) });
    await client.waitReady;
    await client.close();
    return dir;
  })());
}

/**
 * A data folder whose database is already created and migrated, as a server's is after its first
 * start: creating the cluster and running every migration cost each fresh child server about 7 s,
 * and none of the scenarios is about a first start.
 */
/** Removes the folder migratedDataDir copies from (once the scenarios are done). */
export async function removeMigratedPglite(): Promise<void> {
  const dir = await migrated;
  migrated = undefined;
  if (dir) fs.rmSync(path.dirname(dir), { recursive: true, force: true });
}

export async function migratedDataDir(prefix: string): Promise<string> {
  const dataDir = tempDir(prefix);
  fs.cpSync(await migratedPglite(), path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

/** The local provider's machines of a data folder (what a restarted server would find). */
export function localMachines(dataDir: string) {
  return createLocalProvider({ rootDir: path.join(dataDir, 'deployments'), productName: 'Test' });
}

/** Stops the detached processes of every local machine left in a data folder, then removes it. */
export async function removeDataDir(dataDir: string): Promise<void> {
  const local = localMachines(dataDir);
  for (const m of await local.listOwned()) await local.delete(m.serverId).catch(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** Opens a stopped server's PGlite database (only while no server process has it open). */
export async function withDatabase<T>(dataDir: string, fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

export interface WireDeployment {
  id: string;
  status: string;
  server_id: string | null;
  error_message: string | null;
}

export async function createDeployment(server: { url: string }, token: string, name: string): Promise<WireDeployment> {
  const res = await api(server, '/api/deployments', { method: 'POST', token, body: { configId: 'trial_vm_hetzner', name, timeoutMins: null } });
  if (res.status !== 200) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as WireDeployment;
}

export async function getDeployment(server: { url: string }, token: string, id: string): Promise<WireDeployment> {
  return (await api(server, `/api/deployments/${id}`, { token })).body as WireDeployment;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A port for a server that is restarted: the embedded issuer's URL contains the port, so a token
 * from before a restart is only accepted by a server on the same port.
 */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
