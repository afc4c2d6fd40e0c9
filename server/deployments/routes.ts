import { roleScopes } from '../../shared/teams/roles';
import Router from '@koa/router';
import { deploymentsContract } from '../../shared/api/deployments';
import { deploymentCatalog } from '../../shared/deployments/catalog';
import { HttpError } from '../http/errors';
import { JsonText, registrar } from '../http/register';
import type { AppState, AuthUser } from '../http/types';
import { maySeeSecrets } from '../../shared/api/scopes';
import { listDeploymentsJson } from './list-json';
import { adminDeploymentsPage, deploymentsExportPage } from './admin-list';
import { pageCountOf } from '../../shared/api/list-query';
import { auditWho } from '../http/audit-who';
import { csvFilename, pagesOf, sendCsv } from '../http/csv';
import { deploymentToWire, setupStepToWire } from './serialize';
import * as service from './service';
import { updateVersion } from './version-update';
import { costsOf } from '../billing/spend';
import { unpaidGraceMs } from '../billing/service';

type DeploymentExportRow = Awaited<ReturnType<typeof deploymentsExportPage>>[number];
const exportPageSize = 1000;

const actorOf = (user: AuthUser) => ({ id: user.id, email: user.email });

/** The Hosted Deployments API of the spec's call table, each route only for the deployment's owner. */
/** `gpuSize`: the Civo instance size GPU instances get (CIVO_GPU_SIZE), which the GPU card describes. */
export function deploymentRoutes(deps: service.DeploymentDeps, hostedAppUrl: string, gpuSize: string): Router<AppState> {
  const router = new Router<AppState>();
  const register = registrar(router);
  const brand = deps.brand;
  const c = deploymentsContract(brand);
  type Row = Parameters<typeof deploymentToWire>[1];
  const maySeeKeys = (user: AuthUser) => maySeeSecrets(user.scopes) && roleScopes[user.account.role].includes('deploy');
  const wire = (d: Row, user: AuthUser, costCents: number) =>
    deploymentToWire(brand, d, {
      owner: true,
      secrets: maySeeKeys(user),
      unpaidGraceMs: deps.unpaidGraceMs,
      costCents,
    });
  /** The owner's view of one deployment, with its cost so far from the ledger (the list's is written by the database: ./list-json.ts). */
  const own = async (d: Row, user: AuthUser) => wire(d, user, (await costsOf(deps.db, [d.id])).get(d.id) ?? 0);

  register(c.types, () => ({ data: deploymentCatalog(brand, gpuSize).map((t) => ({ ...t, ...(t.creatable ? {} : { hostedAppUrl }) })) }));

  register(
    c.list,
    async ({ user }, ctx) =>
      new JsonText(await listDeploymentsJson(deps.db, user.account.id, { brand, secrets: maySeeKeys(user), unpaidGraceMs: deps.unpaidGraceMs ?? unpaidGraceMs }, ctx.state.signOut)),
    { foldsSignOutCheck: true },
  );

  register(c.create, async ({ body, headers, user }) => own(await service.createDeployment(deps, user, body, headers['Idempotency-Key']), user));

  register(c.get, async ({ params, user }) => own(await service.ownDeployment(deps, params.id, user.account.id), user));

  register(c.ended, ({ params, user }) => service.endedDeployment(deps, params.id, user.account.id));

  register(c.updateTimeout, async ({ params, body, user }) => own(await service.updateTimeout(deps, params.id, user.account.id, body.timeoutMins, actorOf(user)), user));

  register(c.remove, async ({ params, user }) => {
    await service.deleteDeployment(deps, params.id, user.account.id, undefined, undefined, actorOf(user));
  });

  register(c.updateVersion, async ({ params, body, user }) => own(await updateVersion(deps, params.id, user.account.id, body.version), user));

  register(c.setupSteps, async ({ params, user }) => (await service.setupSteps(deps, params.id, user.account.id)).map(setupStepToWire));

  register(c.rerunSetupStep, async ({ params, user }) => {
    const result = await service.rerunSetupStep(deps, params.id, user.account.id, params.stepId);
    if (!result.ok) throw new HttpError(422, result.error ?? 'Failed to rerun setup step');
    return { ok: true as const };
  });

  register(c.provisioningLog, async ({ params, user }) => service.provisioningLog(deps, params.id, user.account.id));

  register(c.logs, async ({ params, user }, ctx) => {
    const { filename, data } = await service.logsZip(deps, params.id, user.account.id);
    ctx.type = 'application/zip';
    // Unquoted (interop.md): the platform's smoke test takes everything after `=` and checks that
    // it ends in `.zip`; Koa's ctx.attachment() would quote it. The name is a uuid plus
    // `-logs.zip`, all RFC 7230 token characters, so the unquoted form is valid as it stands.
    ctx.set('Content-Disposition', `attachment; filename=${filename}`);
    ctx.set('Cache-Control', 'no-store');
    return Buffer.from(data);
  });

  register(c.adminList, async ({ query: { page, page_size, ...filters } }) => {
    const { rows, total } = await adminDeploymentsPage(deps.db, filters, page, page_size);
    const list = rows.map((r) => deploymentToWire(brand, r.deployment, { owner: false, userEmail: r.userEmail, unpaidGraceMs: deps.unpaidGraceMs }));
    return { deployments: list, total, total_pages: pageCountOf(total, page_size) };
  });

  register(c.adminRemove, async ({ params, query, user }, ctx) => {
    const details = query.batch ? { bulk: true, batch: query.batch, batch_size: query.batch_size ?? null } : { bulk: false };
    const row = await service.deleteDeployment(deps, params.id, undefined, `Deleted by an administrator (${user.email})`, { who: auditWho(ctx), details });
    await deps.onTerminated?.(row, { reason: 'An administrator deleted it', unpaid: false });
  });

  register(c.adminExport, ({ query: { excel, ...filters } }, ctx) =>
    sendCsv(
      ctx,
      {
        filename: csvFilename('deployments', deps.clock.now()),
        header: ['id', 'name', 'status', 'user_email', 'provider', 'type', 'ipv4', 'version', 'hourly_rate_cents', 'created_at'],
        pages: pagesOf((after: DeploymentExportRow | undefined) => deploymentsExportPage(deps.db, filters, exportPageSize, after), exportPageSize),
        cells: (d) => [d.id, d.name, d.status, d.userEmail, d.provider, d.typeId, d.ipv4, d.version, d.hourlyRateCents, d.createdAt],
      },
      { excel },
    ),
  );

  return router;
}
