import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from '../../server/start';
import { deleteLocalMachines } from '../../test/support/server';
import { assertChromium } from './chromium';
import { localhostImportUrl } from './import-target';
import { findSecrets } from '../../test/support/secret-scan';
import { devUsersEnv, e2eUsers } from './users';
import { e2eWorkers } from './workers';
import { throwawayServerEnv } from '../../test/support/throwaway-server';
import { verifySignature } from '../../server/notifications/webhook-signature';

declare module 'vitest' {
  export interface ProvidedContext {
    /** one Launchpad per test worker: spec files that run at the same time never share a server */
    baseUrls: string[];
  }
}

interface WorkerServer {
  server: RunningServer;
  dataDir: string;
  log: fs.WriteStream;
  logFile: string;
}

const servers: WorkerServer[] = [];
/** The Alerts page's webhook (admin-alerts.spec.ts): a chat tool's stand-in that takes only correctly signed deliveries, so "Delivered" means signed. */
const alertWebhookSecret = 'e2e-alert-webhook-secret';
let alertReceiver: http.Server | undefined;

async function startAlertReceiver(): Promise<string> {
  alertReceiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      res.statusCode = verifySignature(alertWebhookSecret, req.headers['x-launchpad-signature'] as string | undefined, body, new Date()) ? 200 : 401;
      res.end();
    });
  });
  await new Promise<void>((resolve) => alertReceiver?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(alertReceiver.address() as AddressInfo).port}/alerts`;
}
/** The servers' logs of the whole run, scanned for credentials at the end (issue: no secrets in logs). */
const logDir = path.resolve('test-results/e2e');

/**
 * Starts one real Launchpad (built renderer, embedded identity provider, fresh database on disk)
 * for each test worker; the files a worker runs share its server one at a time, as users share a site.
 */
export async function setup(project: TestProject) {
  assertChromium();
  // E2E_RENDERER_DIR lets several people (or helpers) test their own build on one machine.
  const rendererRoot = path.resolve(process.env.E2E_RENDERER_DIR ?? 'dist/renderer');
  if (!fs.existsSync(path.join(rendererRoot, 'index.html'))) throw new Error(`The renderer is not built in ${rendererRoot}: run "npm run build" first.`);
  fs.mkdirSync(logDir, { recursive: true });
  const alertWebhookUrl = await startAlertReceiver();
  // The servers start side by side (each waits on its database and its identity keys part of the time).
  const started = await Promise.all(
    Array.from({ length: e2eWorkers }, async (_, i): Promise<WorkerServer> => {
      const worker = i + 1;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'launchpad-e2e-'));
      const logFile = path.join(logDir, `server-${worker}.log`);
      const log = fs.createWriteStream(logFile);
      const server = await startServer({
        env: {
          ...process.env,
          ...throwawayServerEnv(dataDir),
          LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
          DEV_USERS: devUsersEnv,
          CI_SECRET: 'e2e-ci-secret',
          LOCALHOST_IMPORT_URL: localhostImportUrl,
          // The licence specs pay by bank transfer: it is offered only with an account configured.
          BANK_NAME: 'E2E Test Bank',
          BANK_ACCOUNT_NAME: 'Launchpad E2E Ltd',
          BANK_SORT_CODE: '60-16-13',
          BANK_ACCOUNT_NUMBER: '31926819',
          BANK_IBAN: 'GB82 WEST 1234 5698 7654 32',
          BANK_BIC: 'NWBKGB2L',
          // documents.spec.ts: receipts, invoices and credit notes are issued
          INVOICING: 'on',
          OPERATOR_LEGAL_NAME: 'Launchpad E2E Ltd',
          OPERATOR_ADDRESS: '1 Test Street;London EC1A 1AA',
          OPERATOR_COUNTRY: 'GB',
          ALERT_WEBHOOK_URL: alertWebhookUrl,
          ALERT_WEBHOOK_SECRET: alertWebhookSecret,
          // A worker's spec files share the dev users, and a file's machines may still be shutting down
          // (deleting counts) when the next file creates one: the per-person cap of 3 refused a create
          // (429) in one run. The caps themselves are tested in server/billing/create-race.test.ts.
          LOCAL_MAX_MACHINES_PER_USER: '8',
        },
        rendererRoot,
        logDestination: log,
        // The bell spec waits for this job; once a minute (the default) would hold the run that long.
        jobPeriods: { 'notifications.check': 3_000, 'notifications.deliver-alert-webhooks': 1_000 },
      });
      return { server, dataDir, log, logFile };
    }),
  );
  servers.push(...started);
  project.provide(
    'baseUrls',
    servers.map((s) => s.server.url),
  );
}

export async function teardown() {
  const passwords = Object.values(e2eUsers).map((u) => u.password);
  const findings: string[] = [];
  for (const { server, dataDir, log, logFile } of servers.splice(0)) {
    await deleteLocalMachines(server);
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await new Promise<void>((resolve) => log.end(resolve));
    for (const f of findSecrets(fs.readFileSync(logFile, 'utf8'), [...passwords, 'e2e-ci-secret', alertWebhookSecret])) findings.push(`  ${logFile} line ${f.line}: ${f.label} ${f.excerpt}`);
  }
  await new Promise((resolve) => (alertReceiver ? alertReceiver.close(resolve) : resolve(undefined)));
  if (findings.length > 0) throw new Error(`Credentials in the server logs:\n${findings.join('\n')}`);
  process.stdout.write(`server logs scanned for credentials: none found (${logDir}/server-*.log)\n`);
}
