import { accountKind, type AccountKind } from '../teams/account-kinds';
import { idempotencyKeyHeader } from './idempotency';
import { z } from 'zod';
import { apiKeySummary } from './auth';
import { auditEvent } from './audit';
import { adminTopupResponse, balanceResponse, topupAmountCents, topupReason, transactionsQuery, transactionsResponse } from './billing';
import { deploymentStatus } from './deployments';
import { license } from './licenses';
import { sentMailWire } from './notifications';
import { installationRecord } from './pings';
import { json, jsonBody, noContent, routesOf } from './route';
import { safeText } from './text';
import { teamRoles } from '../teams/roles';

/** `personal`: someone who signs in; `team`: a team's account (issue 34), listed and shown like a person's. */
export const customerKind = accountKind;
export type CustomerKind = AccountKind;

/** One customer (a person's or a team's account) for the admin: what the search lists. */
export const customerSummary = z.object({
  id: z.string(),
  /** a person's e-mail; a team's account keeps its name here */
  email: z.string(),
  kind: customerKind,
  /** how the admin reads the account: a team's name, a person's e-mail */
  name: z.string(),
  created_at: z.string(),
  balance_cents: z.number(),
  /** the organisations of their licences, so an admin can find a customer by company */
  organizations: z.array(z.string()),
});
export type CustomerSummary = z.infer<typeof customerSummary>;

export const customerPageSize = 25;
export const customersQuery = z
  .object({
    /** part of the e-mail, a team's name or a licence's organisation name, any case; empty lists everyone, newest first */
    search: safeText({ max: 200 }).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .describe('customer search');
export const customersResponse = z.object({ customers: z.array(customerSummary), total: z.number(), page: z.number(), page_size: z.number() });
export type CustomersResponse = z.infer<typeof customersResponse>;

export const customerIdParam = z.object({ id: z.uuid('Unknown customer') }).describe('customer id');
export const customerApiKeyParam = z.object({ id: z.uuid('Unknown customer'), keyId: z.uuid('Unknown API key') }).describe('customer API key');

/** A deployment as the customer page lists it (ended ones included). */
export const customerDeployment = z.object({
  id: z.string(),
  name: z.string(),
  status: deploymentStatus,
  provider: z.string(),
  deployment_config_id: z.string(),
  hourly_rate_cents: z.number().nullable(),
  version: z.string().nullable(),
  ipv4: z.string().nullable(),
  error_message: z.string().nullable(),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type CustomerDeployment = z.infer<typeof customerDeployment>;

export const customerSignIn = z.object({ at: z.string(), ip_address: z.string().nullable() });
export type CustomerSignIn = z.infer<typeof customerSignIn>;

/** A member of a team, on the team's customer page. */
export const customerTeamMember = z.object({
  user_id: z.string(),
  email: z.string(),
  role: z.enum(teamRoles),
  /** how they came in: created the team, accepted an invitation, or the identity provider's groups */
  source: z.enum(['creator', 'invitation', 'idp']),
  joined_at: z.string(),
});
export type CustomerTeamMember = z.infer<typeof customerTeamMember>;

/** A team a person belongs to, on the person's customer page. */
export const customerTeam = z.object({ id: z.string(), name: z.string(), role: z.enum(teamRoles) });
export type CustomerTeam = z.infer<typeof customerTeam>;

/** How many of each list the customer page shows (the ledger is paged on its own). */
export const customerListLimit = 25;

export const customerOverview = z.object({
  customer: z.object({
    id: z.string(),
    email: z.string(),
    kind: customerKind,
    /** a team's name, a person's e-mail */
    name: z.string(),
    created_at: z.string(),
    is_admin: z.boolean(),
    /** a team the owner deleted (kept for the ledger and audit) */
    deleted_at: z.string().nullable(),
  }),
  /** a team's members (empty for a person) */
  members: z.array(customerTeamMember),
  /** the teams a person belongs to (empty for a team) */
  teams: z.array(customerTeam),
  balance: balanceResponse,
  /** the largest admin top-up (ADMIN_TOPUP_MAX_CENTS) */
  topup_max_cents: z.number(),
  deployments: z.array(customerDeployment),
  licenses: z.array(license),
  api_keys: z.array(apiKeySummary),
  /** installations pinging with one of the customer's licences */
  installations: z.array(installationRecord),
  /** to a person's address; for a team, the team's notices as mailed to its members */
  mail: z.array(sentMailWire),
  /** events about the customer or done by them, newest first */
  audit: z.array(auditEvent),
  sign_ins: z.array(customerSignIn),
});
export type CustomerOverview = z.infer<typeof customerOverview>;

export const customerTopupBody = z.object({ amount_cents: topupAmountCents, reason: topupReason });
export type CustomerTopupBody = z.infer<typeof customerTopupBody>;

const route = routesOf('customers');

/** One page per customer (issue #30): search, the page's data, its ledger, key revocation and the top-up. */
export const customersContract = {
  search: route('admin', 'admin.customers.search', 'GET /api/admin/customers', {
    summary: 'Customers (people and teams) by e-mail, team name or license organization, newest first (admin)',
    query: customersQuery,
    responses: { 200: json('A page of customers', customersResponse) },
  }),
  overview: route('admin', 'admin.customers.get', 'GET /api/admin/customers/{id}', {
    summary: "One customer's balance, deployments, licenses, API keys, installations, mail, audit events and sign-ins; a team's members, a person's teams (admin)",
    params: customerIdParam,
    responses: { 200: json('The customer', customerOverview) },
  }),
  transactions: route('admin', 'admin.customers.transactions', 'GET /api/admin/customers/{id}/transactions', {
    summary: "One customer's ledger entries, newest first (admin)",
    params: customerIdParam,
    query: transactionsQuery,
    responses: { 200: json('A page of entries', transactionsResponse) },
  }),
  topup: route('admin', 'admin.customers.topup', 'POST /api/admin/customers/{id}/topup', {
    summary:
      "Credit one customer's balance, at most ADMIN_TOPUP_MAX_CENTS (admin), through the same service as POST /api/admin/balance/topup; a missing reason is recorded as 'no reason given'; a reused Idempotency-Key with another amount is a 422",
    params: customerIdParam,
    headers: { 'Idempotency-Key': idempotencyKeyHeader },
    body: jsonBody(customerTopupBody, 'top-up'),
    responses: { 200: json('Balance before and after', adminTopupResponse) },
  }),
  revokeApiKey: route('admin', 'admin.customers.api-keys.revoke', 'DELETE /api/admin/customers/{id}/api-keys/{keyId}', {
    summary: "Revoke one of a customer's API keys (admin, audited)",
    params: customerApiKeyParam,
    responses: { 204: noContent },
  }),
};
