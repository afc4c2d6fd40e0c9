import { accountKindOf } from '../../shared/teams/account-kinds';
import type { z } from 'zod';
import { type customerDeployment, customerListLimit, type customerOverview as customerOverviewSchema, customerPageSize, type CustomersResponse } from '../../shared/api/customers';
import { defaultTopupMaxCents } from '../../shared/api/billing';
import { auditAboutOrBy } from '../audit/queries';
import { auditToWire } from '../audit/service';
import { listApiKeys } from '../auth/api-keys/service';
import { findUserById, latestSignIns, type UserRow } from '../auth/users-queries';
import { balanceSummary, type BillingDeps } from '../billing/service';
import { userDeploymentHistory, type DeploymentRow } from '../deployments/queries';
import { NotFound } from '../domain-errors';
import { listForUser } from '../licenses/queries';
import { licenseToWire } from '../licenses/service';
import { mailOfNotices, mailTo } from '../notifications/queries';
import { installationsOfLicences } from '../pings/service';
import type { ReleaseSource } from '../releases/service';
import { teamsOf } from '../teams/membership';
import { teamOfAccount } from '../teams/lookup';
import { membersOfTeam, searchCustomers } from './queries';

export interface CustomerDeps {
  billing: BillingDeps;
  releases: ReleaseSource;
  /** ADMIN_EMAILS: an account listed there is an admin whatever its token says */
  adminEmails: readonly string[];
}

const signInsShown = 20;

export async function findCustomers(deps: CustomerDeps, search: string | undefined, page: number): Promise<CustomersResponse> {
  const { rows, total } = await searchCustomers(deps.billing.db, search, customerPageSize, (page - 1) * customerPageSize);
  return {
    customers: rows.map((r) => ({
      id: r.id,
      email: r.email,
      kind: accountKindOf(r.kind),
      name: r.kind === 'team' ? (r.teamName ?? r.email) : r.email,
      created_at: r.createdAt.toISOString(),
      balance_cents: Number(r.balanceCents ?? 0),
      organizations: (r.organizations ?? []).filter((o): o is string => typeof o === 'string'),
    })),
    total,
    page,
    page_size: customerPageSize,
  };
}

/** The account behind a customer id, or 404. */
export async function customerOf(deps: CustomerDeps, id: string): Promise<UserRow> {
  const user = await findUserById(deps.billing.db, id);
  if (!user) throw new NotFound('No such customer');
  return user;
}

const deploymentToWire = (d: DeploymentRow): z.input<typeof customerDeployment> => ({
  id: d.id,
  name: d.name,
  status: d.status,
  provider: d.provider,
  // the wire name interop.md fixes for existing clients; `typeId` in code
  deployment_config_id: d.typeId,
  hourly_rate_cents: d.hourlyRateCents,
  version: d.version,
  ipv4: d.ipv4,
  error_message: d.errorMessage,
  created_at: d.createdAt.toISOString(),
  deleted_at: d.deletedAt?.toISOString() ?? null,
});

/**
 * Everything the customer page shows but the ledger (paged on its own), read through each domain's
 * queries. A team's page is keyed by its account id like a person's, and adds its members; a
 * person's adds the teams they belong to. A team's mail is its notices as mailed to its members.
 */
export async function customerOverview(deps: CustomerDeps, id: string): Promise<z.input<typeof customerOverviewSchema>> {
  const user = await customerOf(deps, id);
  const { db, clock } = deps.billing;
  const now = clock.now();
  const isTeam = user.kind === 'team';
  const licences = await listForUser(db, user.id, isTeam ? '' : user.email);
  const [team, members, teams] = await Promise.all([
    isTeam ? teamOfAccount(db, user.id) : undefined,
    isTeam ? membersOfTeam(db, user.id, customerListLimit * 4) : [],
    isTeam ? [] : teamsOf(db, user.id),
  ]);
  const [balance, deployments, apiKeys, installations, mail, audit, signIns] = await Promise.all([
    balanceSummary(deps.billing, user.id),
    userDeploymentHistory(db, user.id, customerListLimit),
    listApiKeys(db, user.id),
    installationsOfLicences(
      { db, clock },
      deps.releases,
      licences.map((l) => l.id),
      customerListLimit,
    ),
    isTeam ? mailOfNotices(db, user.id, customerListLimit) : user.email ? mailTo(db, user.email, customerListLimit) : Promise.resolve([]),
    auditAboutOrBy(db, user.id, customerListLimit),
    latestSignIns(db, user.id, signInsShown),
  ]);
  return {
    customer: {
      id: user.id,
      email: user.email,
      kind: accountKindOf(user.kind),
      name: team?.name ?? user.email,
      created_at: user.createdAt.toISOString(),
      is_admin: !isTeam && (user.idpAdmin || deps.adminEmails.includes(user.email)),
      deleted_at: team?.deletedAt?.toISOString() ?? null,
    },
    members: members.map((m) => ({ user_id: m.userId, email: m.email, role: m.role, source: m.source, joined_at: m.joinedAt.toISOString() })),
    teams: teams.map((t) => ({ id: t.id, name: t.name, role: t.role })),
    balance,
    topup_max_cents: deps.billing.topupMaxCents ?? defaultTopupMaxCents,
    deployments: deployments.map(deploymentToWire),
    licenses: licences.slice(0, customerListLimit).map((l) => licenseToWire(l, now, true)),
    api_keys: apiKeys,
    installations,
    mail,
    audit: audit.map(auditToWire),
    sign_ins: signIns.map((s) => ({ at: s.at.toISOString(), ip_address: s.ipAddress })),
  };
}
