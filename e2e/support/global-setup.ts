import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from '../../server/start';
import { deleteLocalMachines } from '../../server/test-support/server';
import { assertChromium } from './chromium';
import { localhostImportUrl } from './import-target';
import { devUsersEnv } from './users';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let server: RunningServer | undefined;
let dataDir: string | undefined;

/** Starts one real Launchpad (built renderer, embedded identity provider, fresh database) for all specs. */
export async function setup(project: TestProject) {
  assertChromium();
  // E2E_RENDERER_DIR lets several people (or helpers) test their own build on one machine.
  const rendererRoot = path.resolve(process.env.E2E_RENDERER_DIR ?? 'dist/renderer');
  if (!fs.existsSync(path.join(rendererRoot, 'index.html'))) throw new Error(`The renderer is not built in ${rendererRoot}: run "npm run build" first.`);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'launchpad-e2e-'));
  server = await startServer({
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEV_USERS: devUsersEnv, LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn', PUBLIC_URL: '', CI_SECRET: 'e2e-ci-secret', LOCALHOST_IMPORT_URL: localhostImportUrl },
    rendererRoot,
  });
  project.provide('baseUrl', server.url);
}

export async function teardown() {
  if (server) await deleteLocalMachines(server);
  await server?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
