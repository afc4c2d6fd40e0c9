import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from '../../server/start';
import { deleteLocalMachines } from '../../server/test-support/server';
import { assertChromium } from './chromium';
import { localhostImportUrl } from './import-target';
import { findSecrets } from '../../server/test-support/secret-scan';
import { devUsersEnv, e2eUsers } from './users';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let server: RunningServer | undefined;
let dataDir: string | undefined;
let serverLog: fs.WriteStream | undefined;
/** The server's log of the whole run, scanned for credentials at the end (issue: no secrets in logs). */
const serverLogFile = path.resolve('test-results/e2e/server.log');

/** Starts one real Launchpad (built renderer, embedded identity provider, fresh database) for all specs. */
export async function setup(project: TestProject) {
  assertChromium();
  // E2E_RENDERER_DIR lets several people (or helpers) test their own build on one machine.
  const rendererRoot = path.resolve(process.env.E2E_RENDERER_DIR ?? 'dist/renderer');
  if (!fs.existsSync(path.join(rendererRoot, 'index.html'))) throw new Error(`The renderer is not built in ${rendererRoot}: run "npm run build" first.`);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'launchpad-e2e-'));
  fs.mkdirSync(path.dirname(serverLogFile), { recursive: true });
  serverLog = fs.createWriteStream(serverLogFile);
  server = await startServer({
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEV_USERS: devUsersEnv,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
      PUBLIC_URL: '',
      CI_SECRET: 'e2e-ci-secret',
      LOCALHOST_IMPORT_URL: localhostImportUrl,
    },
    rendererRoot,
    logDestination: serverLog,
  });
  project.provide('baseUrl', server.url);
}

export async function teardown() {
  if (server) await deleteLocalMachines(server);
  await server?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (serverLog) {
    await new Promise<void>((resolve) => serverLog?.end(resolve));
    const passwords = Object.values(e2eUsers).map((u) => u.password);
    const findings = findSecrets(fs.readFileSync(serverLogFile, 'utf8'), [...passwords, 'e2e-ci-secret']);
    if (findings.length > 0) {
      throw new Error(`Credentials in the server log (${serverLogFile}):\n${findings.map((f) => `  line ${f.line}: ${f.label} ${f.excerpt}`).join('\n')}`);
    }
    process.stdout.write(`server log scanned for credentials: none found (${serverLogFile})\n`);
  }
}
