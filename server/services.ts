import type Stripe from 'stripe';
import { creditBalance, type CheckoutDeps } from './billing/checkout';
import { localGateway } from './billing/gateways/local';
import { stripeClient, stripeGateway } from './billing/gateways/stripe';
import { ledgerBillingGate, meterUsage, type BillingDeps } from './billing/service';
import type { AppDeps } from './deps';
import { loadCatalogue, type AgentCatalogue } from './agents/catalogue';
import type { ConnectedDeploymentDeps } from './connected-deployments/service';
import { autoTerminate, reconcile } from './deployments/jobs';
import { createProviders, logLocalProviderMode } from './deployments/providers/registry';
import { deleteDeployment, type DeploymentDeps } from './deployments/service';
import type { Job } from './jobs/scheduler';
import { createBackgroundTasks, type BackgroundTasks } from './jobs/tasks';
import { createReleaseSource, type ReleaseSource } from './releases/service';
import { licenseFulfiller, type LicenseDeps } from './licenses/service';
import { renewalFulfiller } from './licenses/renewal';
import { checkoutDocuments, licenceDocuments } from './documents/payments';
import { createPingIngest, type PingIngest } from './pings/ingest';
import { pruneHistory } from './pings/service';
import { loadLicenseSigner } from './licenses/signing-key';
import { defaultIngestLimits, type TestRunDeps } from './test-runs/service';
import { createBlobStore } from './test-runs/stores';
import { createRateLimits, pruneRateLimits, type RateLimits } from './http/rate-limit';
import { flushSignInRefusals } from './audit/security';
import { createTerminalEnds, type TerminalEnds } from './terminal/ends';
import { createNotifications, type Notifications } from './notifications/service';

/** The domain services built once per app, shared by routes, the terminal bridge and jobs. */
export interface Services {
  releases: ReleaseSource;
  tasks: BackgroundTasks;
  deployments: DeploymentDeps;
  billing: BillingDeps;
  checkout: CheckoutDeps;
  licenses: LicenseDeps;
  testRuns: TestRunDeps;
  /** read from AGENTS_DIR at start-up; a broken file stops start-up */
  agents: AgentCatalogue;
  connectedDeployments: ConnectedDeploymentDeps;
  /** set when Stripe keys are configured */
  stripe: Stripe | undefined;
  /** request limits shared by every instance on this database */
  rateLimits: RateLimits;
  /** deletions and key revocations tell the terminal bridge through it */
  terminalEnds: TerminalEnds;
  /** pings written in group commits */
  pings: PingIngest;
  /** in-app notifications and their e-mails */
  notifications: Notifications;
  jobs: Job[];
}

/** `keys`: what every instance shares, read from configuration or the database before the services start. */
export function createServices(deps: AppDeps, keys: { licensePem: string }): Services {
  const brand = deps.config.product;
  const releases = createReleaseSource({
    url: deps.config.deployments.releasesUrl,
    timeoutMs: deps.config.deployments.releasesTimeoutMs,
    clock: deps.clock,
    onError: (err) => deps.logger.warn({ err }, 'release list could not be fetched; serving the last list (or the bundled one)'),
  });
  // the first refresh starts now, so the first requests already find the fetched list
  void releases.list();
  const tasks = createBackgroundTasks(deps.logger);
  const notifications = createNotifications(deps, releases);
  const billing: BillingDeps = {
    db: deps.db,
    clock: deps.clock,
    logger: deps.logger,
    unpaidGraceMs: deps.config.unpaidGraceMinutes * 60_000,
    topupMaxCents: deps.config.adminTopupMaxCents,
    onTopup: notifications.topupReceived,
  };
  const payments = deps.config.payments;
  const stripe = payments.gateway === 'stripe' ? stripeClient(payments) : undefined;
  const checkout: CheckoutDeps = {
    db: deps.db,
    clock: deps.clock,
    gateway: stripe ? stripeGateway(stripe) : localGateway(deps.config.publicUrl, payments.gateway === 'local' ? payments.maxAmountCents : 0),
    publicUrl: deps.config.publicUrl,
    fulfillers: { balance: creditBalance },
    logger: deps.logger,
    onPaid: notifications.paymentReceived,
  };
  const licenses: LicenseDeps = {
    db: deps.db,
    clock: deps.clock,
    signer: loadLicenseSigner(keys.licensePem),
    checkout,
    notices: notifications,
    onTransferPaid: notifications.licenceTransferPaid,
    bankTransfer: deps.config.bankTransfer !== undefined,
  };
  const invoicing = deps.config.invoicing;
  if (invoicing) {
    const documentDeps = { invoicing, bankTransfer: deps.config.bankTransfer };
    checkout.documents = checkoutDocuments(documentDeps);
    licenses.documents = licenceDocuments(documentDeps);
  }
  checkout.fulfillers.license = licenseFulfiller(licenses);
  checkout.fulfillers.license_renewal = renewalFulfiller(licenses);
  const providers = createProviders(deps.config, brand);
  logLocalProviderMode(deps.logger, providers);
  const terminalEnds = createTerminalEnds();
  const deployments: DeploymentDeps = {
    db: deps.db,
    clock: deps.clock,
    brand,
    logger: deps.logger,
    providers,
    releases,
    billing: ledgerBillingGate(billing),
    localMachineLimits: deps.config.deployments.localMachineLimits,
    tasks,
    leaseMs: 2 * 60_000,
    pollMs: 1000,
    terminalEnds,
    onTerminated: notifications.deploymentTerminated,
    notices: notifications.deployments,
    unpaidGraceMs: billing.unpaidGraceMs,
  };
  const jobs: Job[] = [
    { name: 'deployments.auto-terminate', everyMs: 30_000, run: () => autoTerminate(deployments) },
    { name: 'deployments.reconcile', everyMs: 60_000, run: () => reconcile(deployments) },
    { name: 'pings.prune-history', everyMs: 3600_000, run: () => pruneHistory({ db: deps.db, clock: deps.clock }) },
    { name: 'rate-limits.prune', everyMs: 600_000, run: () => pruneRateLimits(deps.db, deps.clock) },
    { name: 'audit.sign-in-refusals', everyMs: 60_000, run: () => flushSignInRefusals({ db: deps.db, clock: deps.clock }) },
    {
      name: 'billing.meter-usage',
      everyMs: 60_000,
      run: () =>
        meterUsage(billing, (d, reason) =>
          deleteDeployment(deployments, d.id, undefined, reason).then(
            (row) => notifications.deploymentTerminated(row, { reason, unpaid: true }),
            () => undefined,
          ),
        ),
    },
    ...notifications.jobs,
  ];
  const testRuns: TestRunDeps = {
    db: deps.db,
    clock: deps.clock,
    logger: deps.logger,
    blobs: createBlobStore(deps.config.artifacts),
    ciSecret: deps.config.ciSecret,
    limits: { ...defaultIngestLimits },
  };
  const agents = loadCatalogue(deps.config.agents.dir, brand);
  const connectedDeployments: ConnectedDeploymentDeps = { db: deps.db, clock: deps.clock, brand };
  return {
    releases,
    tasks,
    deployments,
    billing,
    checkout,
    licenses,
    testRuns,
    agents,
    connectedDeployments,
    stripe,
    rateLimits: createRateLimits(deps.db, deps.clock),
    terminalEnds,
    pings: createPingIngest({ db: deps.db }),
    notifications,
    jobs,
  };
}
