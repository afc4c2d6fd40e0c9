import { execFileSync } from 'node:child_process';
/**
 * A real Launchpad server for integration tests, on a random port with a fresh embedded database.
 * Beside it: suite-server.ts (one signed-in server per describe block), api-client.ts (a small
 * JSON client), sign-in.ts (the real code + PKCE sign-in through the embedded provider),
 * postgres.ts (throw-away PostgreSQL databases).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer, type StartOptions } from '../../server/start';
import { suiteLogDestination } from './suite-logs';
import { pgliteTemplate } from './test-pglite';

export interface TestServer extends RunningServer {
  /** closes the server and removes its data and renderer folders */
  cleanup(): Promise<void>;
}

/** What a test may set of the server's start besides its environment. */
export type TestServerOptions = Pick<StartOptions, 'clock' | 'jobs' | 'terminal' | 'logDestination'>;

export const defaultDevUsers = 'user@example.test:userpass,other@example.test:otherpass,admin@example.test:adminpass:admin';

/** Starts Launchpad on 127.0.0.1 with an in-memory database, a fresh data folder and a stub renderer. */
export async function startTestServer(env: Record<string, string> = {}, opts: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-test-data-'));
  const rendererRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-test-renderer-'));
  fs.writeFileSync(path.join(rendererRoot, 'index.html'), '<!doctype html><html><body><div id="root">Launchpad test renderer</div></body></html>');
  const removeDirs = () => {
    unmountUnder(dataDir);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(rendererRoot, { recursive: true, force: true });
  };
  let server: RunningServer;
  try {
    server = await startServer({
      env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', DEV_USERS: defaultDevUsers, RELEASES_URL: 'off', ...env },
      inMemoryDatabase: true,
      pgliteTemplate: pgliteTemplate(),
      rendererRoot,
      jobs: opts.jobs ?? false,
      clock: opts.clock,
      terminal: opts.terminal,
      logDestination: opts.logDestination ?? suiteLogDestination(),
    });
  } catch (err) {
    removeDirs();
    throw err;
  }
  return {
    ...server,
    async cleanup() {
      try {
        await deleteLocalMachines(server);
        await server.close();
      } finally {
        removeDirs();
      }
    },
  };
}

/**
 * A machine still being created when its test ended can keep its disk mounted after the delete (seen
 * once: EBUSY removing the folder): detach what is still mounted under the data folder.
 */
function unmountUnder(dir: string): void {
  // not Linux: local machines have no disks there
  if (!fs.existsSync('/proc/self/mounts')) return;
  const mounts = fs.readFileSync('/proc/self/mounts', 'utf8');
  for (const point of mounts.split('\n').map((line) => line.split(' ')[1] ?? '')) {
    if (!point.startsWith(dir + path.sep)) continue;
    try {
      execFileSync('umount', ['-l', point], { stdio: 'ignore' });
    } catch {
      // already gone
    }
  }
}

/**
 * Local machines run detached, like VMs outliving a restart; a test run must not leave their UI
 * servers behind, so it deletes whatever the local provider still holds.
 */
export async function deleteLocalMachines(server: Pick<RunningServer, 'services'>): Promise<void> {
  const local = server.services.deployments.providers.byName('local');
  for (const m of (await local?.listOwned()) ?? []) await local?.delete(m.serverId).catch(() => undefined);
}
