import { providerContextWhileInFlight } from './auth/idp/provider-context';
import { ownSignOuts } from './auth/signed-out';
import { demoVideoOrigins } from '../shared/page-data';
import type { RequestListener } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Koa from 'koa';
import mount from 'koa-mount';
import Router from '@koa/router';
import { jsonBody } from './http/json-body';
import type { PublicConfig } from '../shared/api/auth';
import { pingsContract } from '../shared/api/pings';
import { authenticate, createAuthenticator, type Authenticator } from './auth/authenticate';
import { syncTeamGroups } from './teams/idp-groups';
import { createServices, type Services } from './services';
import { deploymentRoutes } from './deployments/routes';
import { releaseRoutes } from './releases/routes';
import { billingRoutes } from './billing/routes';
import { licenseRoutes } from './licenses/routes';
import { documentRoutes } from './documents/routes';
import { pingRoutes } from './pings/routes';
import { testRunRoutes } from './test-runs/routes';
import { localCheckoutRoutes } from './billing/local-checkout-routes';
import { stripeWebhookRoutes } from './billing/webhook-routes';
import { userMetaRoutes } from './user-meta/routes';
import { agentRoutes } from './agents/routes';
import { notificationRoutes } from './notifications/routes';
import { adminAlertRoutes } from './notifications/admin-alert-routes';
import { auditRoutes } from './audit/routes';
import { customerRoutes } from './customers/routes';
import { teamRoutes } from './teams/routes';
import { countSignInRefusal } from './audit/security';
import { connectedDeploymentRoutes } from './connected-deployments/routes';
import { createUserInfoProvider } from './user-info/provider';
import { userInfoRoutes } from './user-info/routes';
import { resolveDevUsers, type DevAccount } from './auth/idp/dev-users';
import { interactionRoutes } from './auth/idp/interactions';
import { loadIdentityKeys, publicJwks } from './auth/idp/keys';
import { licenseKeyPem } from './licenses/signing-key';
import { createEmbeddedProvider, embeddedScope } from './auth/idp/provider';
import { authRoutes } from './auth/routes';
import { createTokenVerifier, type TokenVerifier } from './auth/token-verifier';
import { createEmailLookup, type EmailLookup } from './auth/userinfo';
import type { AppDeps } from './deps';
import { healthRoutes } from './health/routes';
import { openApiRoutes } from './openapi/routes';
import { routeTable, type RouteEntry } from './openapi/route-table';
import { createRateLimits } from './http/rate-limit';
import { publicRateLimits } from './http/route-limits';
import { errorMiddlewareWith } from './http/error-middleware';
import { requestLogging } from './http/logging';
import { createMetrics, type AppMetrics } from './metrics/metrics';
import { helmetHeaders, securityHeaderOptions, securityHeaders } from './http/security-headers';
import { createPingReception } from './pings/reception';
import { isLaneRequest, pingLane } from './pings/lane';
import { serveRenderer } from './http/static';
import { apiShortcut, dispatchBySegment } from './http/segment-dispatch';
import { canonicalHost } from './http/canonical-host';
import { applyLicensePrices } from '../shared/licenses/pricing';
import type { AppState } from './http/types';

export const rendererDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/renderer');

export interface BuiltApp {
  app: Koa<AppState>;
  /** the server's request listener: the ping lane for installations' pings, the Koa app for the rest */
  handle: RequestListener;
  /** the embedded provider's accounts, printed at start-up; empty with an external issuer */
  devAccounts: DevAccount[];
  services: Services;
  authenticator: Authenticator;
  /** every route the app answers (name, methods, path), for the API contract test */
  routeTable(): RouteEntry[];
  /** set when METRICS_ENABLED: the scheduler and terminal bridge report into it */
  metrics?: AppMetrics;
}

/** Builds the whole Koa application: identity provider, API, health checks and the renderer. */
export async function createApp(deps: AppDeps, opts: { rendererRoot?: string } = {}): Promise<BuiltApp> {
  const { config } = deps;
  // One price list for checkout, the licence forms and the pricing page (shared/licenses/pricing.ts).
  applyLicensePrices(config.licensePrices);
  const app = new Koa<AppState>();
  app.proxy = config.trustProxy;
  app.silent = true;

  let verifier: TokenVerifier;
  let emails: EmailLookup | undefined;
  let devAccounts: DevAccount[] = [];
  const idp = config.oidc;
  const embedded = idp.kind === 'embedded';
  const routers: Router<AppState>[] = [];
  let provider: ReturnType<typeof createEmbeddedProvider> | undefined;
  if (idp.kind === 'embedded') {
    const keys = await loadIdentityKeys({ configured: config.identityKeys, db: deps.db, dataDir: config.dataDir });
    // oidc-provider runs inside this app's context when mounted, so its signed cookies use these keys.
    app.keys = keys.cookies;
    devAccounts = await resolveDevUsers({ configured: idp.devUsers, production: config.production, db: deps.db, dataDir: config.dataDir });
    provider = createEmbeddedProvider({
      issuer: idp.issuer,
      clientId: idp.clientId,
      desktopClientId: idp.desktopClientId,
      audience: idp.audience,
      publicUrl: config.publicUrl,
      accounts: devAccounts,
      keys,
      trustProxy: config.trustProxy,
      db: deps.db,
    });
    verifier = createTokenVerifier({ issuer: idp.issuer, audience: idp.audience, clientId: idp.clientId, desktopClientId: idp.desktopClientId, jwks: publicJwks(keys) });
    const signInLimits = createRateLimits(deps.db, deps.clock);
    routers.push(
      interactionRoutes(provider, devAccounts, {
        limits: signInLimits,
        perMinute: config.rateLimits.signinPerMinute,
        perAccount: config.rateLimits.signinPerAccount,
        onRefused: (e) => countSignInRefusal(signInLimits, e),
      }),
    );
  } else {
    verifier = createTokenVerifier({ issuer: idp.issuer, audience: idp.audience, clientId: idp.clientId, desktopClientId: idp.desktopClientId });
    emails = createEmailLookup({ issuer: idp.issuer });
  }

  const publicConfig: PublicConfig = {
    product: config.product,
    oidc: { issuer: idp.issuer, clientId: idp.clientId, desktopClientId: idp.desktopClientId, scope: embedded ? `${embeddedScope} api` : idp.scope, accountUrl: idp.accountUrl },
    hostedAppUrl: config.deployments.hostedAppUrl,
    localhostImportUrl: config.localhostImportUrl,
    ...(config.bankTransfer ? { bankTransfer: config.bankTransfer } : {}),
  };

  const services = createServices(deps, { licensePem: await licenseKeyPem({ configured: config.licensePrivateKey, db: deps.db, dataDir: config.dataDir }) });
  const metrics = config.metrics.enabled ? createMetrics({ db: deps, token: config.metrics.token }) : undefined;
  const teamGroupsPrefix = config.teamGroupsPrefix;
  // PGlite is this process's alone: its sign-outs are known here without asking it on every request.
  if (deps.database.kind === 'pglite') await ownSignOuts(deps.db, deps.clock.now());
  const authenticator = createAuthenticator({
    db: deps.db,
    clock: deps.clock,
    verifier,
    admin: config.admin,
    identity: config.identity,
    emails,
    ...(teamGroupsPrefix
      ? {
          onSignIn: (user, token) =>
            syncTeamGroups(
              {
                db: deps.db,
                clock: deps.clock,
                prefix: teamGroupsPrefix,
                terminalEnds: services.terminalEnds,
                notices: { db: deps.db, clock: deps.clock, mailTransport: services.notifications.mailTransport, publicUrl: config.publicUrl, logger: deps.logger },
              },
              user.id,
              token.groups,
            ),
        }
      : {}),
  });
  const api = new Router<AppState>({ prefix: '/api' });
  api.use(jsonBody());
  api.use(authenticate(authenticator));
  const limited = publicRateLimits(services.rateLimits, config.rateLimits.publicPerMinute);
  api.use('/user-info', limited.userInfo);
  api.use('/ci/test-results', limited.ciUpload);
  const pingReception = createPingReception({
    clock: deps.clock,
    ingest: services.pings,
    releases: services.releases,
    perMinute: config.pingRateLimitPerMinute,
    pingsIngested: metrics?.pingsIngested,
    afterPings: services.notifications.adminAlerts.afterPings,
  });
  const domains = [
    authRoutes(deps, publicConfig, services.terminalEnds, services.notifications),
    releaseRoutes(services.releases),
    userMetaRoutes(deps.db),
    deploymentRoutes(services.deployments, config.deployments.hostedAppUrl, config.deployments.civo.size),
    billingRoutes(services.billing, services.checkout),
    licenseRoutes(services.licenses, config.product.name),
    documentRoutes({ db: deps.db, clock: deps.clock, invoicing: config.invoicing !== undefined }),
    pingRoutes({ db: deps.db, clock: deps.clock }, pingReception, services.releases),
    testRunRoutes(services.testRuns),
    agentRoutes(services.agents, config.agents.modelClasses),
    connectedDeploymentRoutes(services.connectedDeployments),
    userInfoRoutes(createUserInfoProvider(config.userInfo)),
    notificationRoutes(services.notifications),
    adminAlertRoutes(services.notifications.adminAlerts.deps, config.alertWebhook),
    auditRoutes(deps),
    customerRoutes({ billing: services.billing, releases: services.releases, adminEmails: config.admin.emails }, services.terminalEnds),
    teamRoutes({
      db: deps.db,
      clock: deps.clock,
      mailTransport: services.notifications.mailTransport,
      publicUrl: config.publicUrl,
      product: config.product.name,
      logger: deps.logger,
      terminalEnds: services.terminalEnds,
      maxTeamsPerPerson: config.maxTeamsPerPerson,
    }),
    openApiRoutes({ brand: config.product, gateway: config.payments.gateway }),
  ];
  if (services.stripe && config.payments.gateway === 'stripe') {
    domains.push(stripeWebhookRoutes({ stripe: services.stripe, webhookSecret: config.payments.webhookSecret, checkout: services.checkout, logger: deps.logger }));
  } else {
    routers.push(localCheckoutRoutes(services.checkout, limited.checkout));
  }
  // One allowedMethods for the whole API (below): the domains' routes are copied into `api`, so its
  // own answers 405 and OPTIONS for every one of them; one per domain ran 14 times on each request.
  for (const domain of domains) api.use(domain.routes());
  routers.push(healthRoutes(deps), api);

  app.use(requestLogging(deps.logger));
  if (metrics) app.use(metrics.middleware);
  // The platform's ping sender reads `latest_version` from whatever JSON comes back, errors included.
  // Koa's router takes `/api/ping/` for `/api/ping`, so the refusal does too.
  const isPing = (ctx: { method: string; path: string }) => ctx.method === pingsContract.ingest.method && ctx.path.replace(/\/$/, '') === pingsContract.ingest.path;
  app.use(errorMiddlewareWith((ctx) => (isPing(ctx) ? pingReception.refusalFields() : Promise.resolve(undefined))));
  const headers = helmetHeaders(securityHeaderOptions({ issuer: idp.issuer, publicUrl: config.publicUrl, demoOrigins: demoVideoOrigins(config.demoVideos) }));
  app.use(securityHeaders(headers));
  const apiDispatch = dispatchBySegment(api, '/api');
  app.use(apiShortcut({ mount: '/api', api, dispatch: apiDispatch, others: routers.filter((r) => r !== api) }));
  app.use(canonicalHost(config.publicUrl));
  app.use(
    serveRenderer(opts.rendererRoot ?? rendererDist, {
      site: { publicUrl: config.publicUrl, product: config.product, gpuSize: config.deployments.civo.size, demoVideos: config.demoVideos, gallery: services.agents.gallery },
    }),
  );
  for (const r of routers) app.use(r === api ? apiDispatch : r.routes()).use(r.allowedMethods());
  if (provider) app.use(providerContextWhileInFlight(mount('/oidc', provider)));

  const koa = app.callback();
  const lane = pingLane({ reception: pingReception, trustProxy: config.trustProxy, securityHeaders: headers, logger: deps.logger, metrics });
  const handle: RequestListener = (req, res) => void (isLaneRequest(req) ? lane(req, res) : koa(req, res));

  return { app, handle, devAccounts, services, authenticator, routeTable: () => routeTable(routers), metrics };
}
