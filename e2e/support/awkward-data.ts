import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { seedCustomerTeam } from './awkward-customer-team';
import { deploymentStatuses } from '../../shared/deployments/vocabulary';
import { gpuInstanceTypeId, trialVmTypeId } from '../../shared/deployments/catalog';
import { auditEvents, connectedDeployments, deploymentSetupSteps, deployments, installations, licenses, mailOutbox, notifications, testRuns, users } from '../../server/db/schema';
import { applyMovements } from '../../server/billing/ledger';
import { startServer, type RunningServer } from '../../server/start';
import { api } from '../../test/support/api-client';
import { signIn } from '../../test/support/sign-in';
import { pgliteTemplate } from '../../test/support/test-pglite';
import { devUsersEnvOf, throwawayServerEnv } from '../../test/support/throwaway-server';
import { seedAwkwardTeam } from './awkward-team';

/**
 * A Launchpad of its own (built renderer, in-memory database) seeded with data that makes screens
 * hard: long names and e-mail addresses, 100+ rows, every deployment status, pings with metadata, a
 * license of every state, unread notifications with long text. The screen sweep and the before/after
 * screenshots of issue #27 read it.
 */

const longLocal = 'alexandra.konstantinopoulou-wetherspoon';
export const awkwardUsers = {
  user: { email: `${longLocal}@research-and-development.example-enterprise.test`, password: 'awkward-user-1' },
  admin: { email: `${longLocal}.admin@operations.example-enterprise.test`, password: 'awkward-admin-1' },
} as const;

export interface AwkwardServer {
  server: RunningServer;
  close(): Promise<void>;
}

const longOrg = (i: number) => `Internationale Forschungsgesellschaft für Angewandte Künstliche Intelligenz und Datenwissenschaften GmbH & Co. KG ${i}`;
const countries: [string | null, string | null, string | null][] = [
  ['DE', 'Germany', 'Frankfurt am Main'],
  ['GB', 'United Kingdom', 'London'],
  ['US', 'United States', 'San Francisco'],
  ['JP', 'Japan', 'Tokyo'],
  ['BR', 'Brazil', 'São Paulo'],
  [null, null, null],
];
const versions = ['2.12.2', '2.11.4', '2.12.2-rc.3+build.20261126', '1.4.0', '2.10.0-beta.1'];
const day = 86_400_000;

async function userId(server: RunningServer, email: string): Promise<string> {
  const [row] = await server.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user row for ${email}`);
  return row.id;
}

async function seed(server: RunningServer): Promise<void> {
  const db = server.deps.db;
  const user = await signIn(server, awkwardUsers.user.email, awkwardUsers.user.password);
  const admin = await signIn(server, awkwardUsers.admin.email, awkwardUsers.admin.password);
  // the first authenticated calls create the accounts (and the user's free credit)
  await api(server, '/api/balance', { token: user.accessToken });
  await api(server, '/api/balance', { token: admin.accessToken });
  const uid = await userId(server, awkwardUsers.user.email);
  const now = Date.now();
  await seedAwkwardTeam(server, uid, await userId(server, awkwardUsers.admin.email), awkwardUsers.user.email);

  // 105 movements through the ledger (one transaction): a transactions table of more than 100 rows
  await db.transaction((tx) =>
    applyMovements(
      tx,
      uid,
      Array.from({ length: 105 }, (_, i) => ({
        amountCents: i % 4 === 3 ? -(1_234 + i) : 123_456 + i,
        kind: i % 4 === 3 ? ('usage' as const) : ('admin_topup' as const),
        idempotencyKey: `awkward-${i}`,
        description: i % 4 === 3 ? 'GPU Instance customer-support-agent-with-a-very-long-deployment-name: 1 hour' : 'Funds added by an administrator',
        at: new Date(now - (105 - i) * 3600_000),
      })),
    ),
  );

  // every deployment status, with a long name; the GPU instance is halfway through its setup steps
  const gpuAt = (i: number) => i % 2 === 1 || deploymentStatuses[i] === 'installing';
  const deploymentRows = deploymentStatuses.map((status, i) => ({
    userId: uid,
    name: `customer-support-agent-with-a-very-long-deployment-name-${status}-${i}`,
    typeId: gpuAt(i) ? gpuInstanceTypeId : trialVmTypeId,
    provider: gpuAt(i) ? ('civo' as const) : ('hetzner' as const),
    status,
    ipv4: status === 'running' ? '203.0.113.250' : null,
    uiUrl: status === 'running' ? 'https://203.0.113.250.sslip.io' : null,
    version: '2.12.2-rc.3+build.20261126',
    timeoutMins: i === 0 ? null : 60 * (i + 1),
    hourlyRateCents: gpuAt(i) ? 500 : 10,
    errorMessage: status === 'failed' ? 'Provisioning failed: the cloud provider answered 503 Service Unavailable three times in a row while creating the server' : null,
  }));
  const created = await db.insert(deployments).values(deploymentRows).returning({ id: deployments.id, status: deployments.status, typeId: deployments.typeId });
  const gpu = created.find((d) => d.typeId === gpuInstanceTypeId && d.status === 'installing');
  if (gpu) {
    const steps = [
      ['gpu-drivers', 'Check the NVIDIA driver', '🖥️', 'completed'],
      ['gpu-runtime', 'Check the GPU container runtime', '⚙️', 'running'],
      ['helix-install', 'Install Helix', '🚀', 'pending'],
      ['models', 'Start the GPU runner', '🧠', 'pending'],
      ['verify', 'Verify the installation', '✅', 'pending'],
    ] as const;
    await db.insert(deploymentSetupSteps).values(steps.map(([id, description, emoji, status], position) => ({ deploymentId: gpu.id, id, description, emoji, status, position })));
  }

  // a license of every state: active (each type), pending payment, expired, perpetual, for an address not signed in yet, revoked
  const lic = (n: number, over: Partial<typeof licenses.$inferInsert>): typeof licenses.$inferInsert => ({
    id: `lic_awkward${String(n).padStart(11, '0')}`,
    userId: uid,
    email: awkwardUsers.user.email,
    type: 'community',
    organizationName: longOrg(n),
    status: 'active',
    paymentStatus: 'none',
    licenseKey: `HELIX-AWKWARD-${n}-${'X'.repeat(40)}`,
    keyHash: createHash('sha256').update(`awkward-${n}`).digest('hex'),
    activatedAt: new Date(now - 30 * day),
    expiresAt: new Date(now + 335 * day),
    ...over,
  });
  await db.insert(licenses).values([
    lic(1, {}),
    lic(2, { type: 'trial', expiresAt: new Date(now + 5 * day) }),
    lic(3, { type: 'enterprise', usersLimit: 250, gpusLimit: 16, supportLevel: 'premium', paymentStatus: 'paid' }),
    lic(4, { type: 'enterprise', status: 'pending', paymentStatus: 'pending', licenseKey: null, keyHash: null, activatedAt: null, expiresAt: null, usersLimit: 5000, gpusLimit: 512 }),
    lic(5, { type: 'trial', activatedAt: new Date(now - 60 * day), expiresAt: new Date(now - 2 * day) }),
    lic(6, { type: 'enterprise', perpetual: true, durationWeeks: -1, expiresAt: null, paymentStatus: 'paid', supportLevel: 'email' }),
    lic(7, { userId: null, email: `not-signed-in-yet.${longLocal}@example-enterprise.test` }),
    // revoked by an administrator with a long reason, and one replaced by a changed licence (issue 30)
    lic(8, { status: 'revoked', revokedAt: new Date(now - 3 * day), revokeReason: `Chargeback on the card payment; the customer ${longLocal} disputes the renewal with the bank` }),
    lic(9, { type: 'enterprise', status: 'revoked', revokedAt: new Date(now - day), revokeReason: 'Replaced by lic_awkward00000000003', replacedBy: 'lic_awkward00000000003' }),
  ]);

  // 120 installations with metadata, every status (new, active, inactive), long organizations and e-mails
  await db.insert(installations).values(
    Array.from({ length: 120 }, (_, i) => {
      const [country, countryName, city] = countries[i % countries.length] ?? [null, null, null];
      const licensed = i % 3 === 0;
      const last = now - (i % 4 === 3 ? 5 * 3600_000 : i * 60_000);
      return {
        key: licensed ? createHash('sha256').update(`install-${i}`).digest('hex') : `ip:198.51.100.${i}:server`,
        deploymentId: licensed ? createHash('sha256').update(`install-${i}`).digest('hex') : 'unknown',
        ipAddress: i % 7 === 0 ? `2001:db8:85a3::8a2e:370:${i.toString(16)}` : `198.51.100.${i}`,
        country,
        countryName,
        city,
        version: versions[i % versions.length] ?? '2.12.2',
        edition: i % 2 ? 'server' : 'desktop',
        appsCount: i * 7,
        usersCount: i * 13,
        metadata: { gpu: 'NVIDIA A100-SXM4-80GB', gpu_count: i % 8, os: 'Ubuntu 24.04.1 LTS', kubernetes: i % 2 === 0, providers: ['openai', 'anthropic', 'vllm'] },
        licenseId: licensed ? `lic_awkward${String((i % 7) + 1).padStart(11, '0')}` : null,
        licenseUserEmail: licensed ? awkwardUsers.user.email : null,
        organizationName: licensed ? longOrg(i) : null,
        instanceUserEmail: i % 2 ? `platform-team+installation-${i}@${'very-long-subdomain.'.repeat(2)}example.test` : null,
        isManaged: i % 5 === 0,
        firstSeen: new Date(last - (i % 3 === 1 ? 3600_000 : 40 * day)),
        lastPing: new Date(last),
      };
    }),
  );

  // CI test runs: 30 of mixed status with long branch names and errors
  await db.insert(testRuns).values(
    Array.from({ length: 30 }, (_, i) => ({
      testType: ['e2e', 'integration', 'smoke'][i % 3] ?? 'e2e',
      status: ['passed', 'failed', 'running'][i % 3] ?? 'passed',
      branch: `feature/very-long-branch-name-for-the-screen-sweep-${i}`,
      buildNumber: String(1000 + i),
      buildUrl: `https://ci.example.test/builds/${1000 + i}`,
      commit: createHash('sha1').update(`c${i}`).digest('hex'),
      durationSeconds: 60 * i + 7,
      exitCode: i % 3 === 1 ? 1 : 0,
      errorMessage: i % 3 === 1 ? 'AssertionError: expected the deployment to reach running within 30 minutes but it stayed in installing' : null,
      screenshotCount: i,
      completedAt: i % 3 === 2 ? null : new Date(now - i * 3600_000),
      createdAt: new Date(now - i * 3600_000 - 60_000),
    })),
  );

  // unread notifications for the bell, one with a very long body
  await db.insert(notifications).values(
    Array.from({ length: 6 }, (_, i) => ({
      userId: uid,
      kind: 'low_balance',
      dedupeKey: `awkward-${i}-${randomUUID()}`,
      title: i === 0 ? 'Your balance is below the threshold you set for low-balance notifications' : `Deployment expiring ${i}`,
      body: `customer-support-agent-with-a-very-long-deployment-name-running-3 will be terminated in ${i * 10} minutes unless you extend it or add funds to your balance.`,
      link: '/balance',
      createdAt: new Date(now - i * 3600_000),
    })),
  );

  await db.insert(connectedDeployments).values(
    Array.from({ length: 3 }, (_, i) => ({
      id: `cd_awkward${String(i).padStart(11, '0')}`,
      userId: uid,
      name: `On-premises cluster in the Frankfurt data centre number ${i}`,
      description: 'The research team’s installation with 16 GPUs, reached over the corporate VPN only.',
      url: `https://helix.research-and-development.example-enterprise.test:8443/cluster-${i}`,
      isDefault: i === 0,
    })),
  );

  for (let i = 0; i < 3; i++) {
    await api(server, '/api/auth/api-keys', {
      token: user.accessToken,
      body: { name: `Continuous integration deploy key for the research cluster ${i}`, scopes: ['read', 'deploy'], expires_in_days: 90 },
    });
  }

  const adminId = await userId(server, awkwardUsers.admin.email);
  await db.insert(auditEvents).values(
    Array.from({ length: 60 }, (_, i) => ({
      action: 'admin.balance.topup',
      actorUserId: adminId,
      actorEmail: awkwardUsers.admin.email,
      targetType: 'user',
      targetId: awkwardUsers.user.email,
      subjectUserId: uid,
      ipAddress: '2001:db8:85a3::8a2e:370:7334',
      details: { amount_cents: 123_456 + i, reason: 'Quarterly credit for the research and development department' },
      at: new Date(now - i * 60_000),
    })),
  );
  await db.insert(mailOutbox).values(
    Array.from({ length: 40 }, (_, i) => ({
      toAddress: awkwardUsers.user.email,
      subject: `Your Helix balance is below $2.00: add funds to keep customer-support-agent-with-a-very-long-deployment-name running ${i}`,
      body: 'Hello,\n\nyour balance is low.',
      transport: 'database' as const,
      createdAt: new Date(now - i * 60_000),
    })),
  );
  await seedCustomerTeam(server, uid, adminId, now, awkwardUsers.user.email, awkwardUsers.admin.email);
}

/** Starts the seeded server; `close` stops it and removes its folder. */
export async function startAwkwardServer(): Promise<AwkwardServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'launchpad-e2e-awkward-'));
  const server = await startServer({
    env: { ...throwawayServerEnv(dataDir), DEV_USERS: devUsersEnvOf([awkwardUsers.user, { ...awkwardUsers.admin, admin: true }]), LOG_LEVEL: 'silent', RELEASES_URL: 'off' },
    inMemoryDatabase: true,
    pgliteTemplate: pgliteTemplate(),
    rendererRoot: path.resolve(process.env.E2E_RENDERER_DIR ?? 'dist/renderer'),
    jobs: false,
  });
  try {
    await seed(server);
  } catch (err) {
    await server.close();
    throw err;
  }
  return {
    server,
    close: async () => {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
