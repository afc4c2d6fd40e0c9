import { randomBytes } from 'node:crypto';
import { type AdminCreateLicenseBody, type CreateLicenseBody, type EndedLicense, type License, unknownEmailCode } from '../../shared/api/licenses';
import { quoteEnterprise, trialLimits, wireReference, type SupportLevel } from '../../shared/licenses/pricing';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { Conflict, InvalidInput, NotFound } from '../domain-errors';
import { teamOfAccount } from '../teams/lookup';
import type { AuthUser } from '../http/types';
import { closeOpenCheckouts, startCheckout, type CheckoutDeps, type Fulfiller } from '../billing/checkout';
import { and, eq } from 'drizzle-orm';
import { licenses } from '../db/schema';
import type { LicenseDisplayStatus } from '../../shared/licenses/vocabulary';
import { activateIfPending, findEndedForUser, findForUser, hasActiveTrial, insertLicense, updateLicense, userIdsByEmail, type LicenseRow } from './queries';
import { keyHash, type LicenseSigner } from './signing-key';
import { recordAudit, type AuditWho } from '../audit/service';
import type { NotifyDeps } from '../notifications/notify';
import { renewalOffer, renewalTerms, renewedUntil } from '../../shared/licenses/renewal';
import { licenceActivated, licenceIssued, licenceRenewed } from '../notifications/licence-events';
import type { LicenceDocuments } from '../documents/payments';

export interface LicenseDeps {
  db: Db;
  clock: Clock;
  signer: LicenseSigner;
  checkout: CheckoutDeps;
  /** where the licensee is told of an issued, activated, renewed, revoked or changed licence and a re-sent key (the notifications outbox) */
  notices: NotifyDeps;
  /** tells the licensee their bank transfer arrived; never throws */
  onTransferPaid?: (licence: LicenseRow) => Promise<void>;
  /** BANK_* settings make bank transfer usable: a renewal may then wait for one */
  bankTransfer?: boolean;
  /** the invoice of a licence paid by bank transfer (INVOICING=on), issued and marked paid in the licence's transactions */
  documents?: LicenceDocuments;
}

const dayMs = 86_400_000;
const yearMs = 365 * dayMs;
/** What a perpetual license's key says for `valid_until` (installations require a timestamp). */
const perpetualUntil = '9999-12-31T23:59:59Z';
/**
 * Crockford's base32 (no i, l, o, u): the wire reference is part of the id, read from a screen in
 * a monospace font and typed into a bank's form, so O/0 and I/1/L cannot be mixed up. 32 symbols
 * divide 256: no byte value is likelier than another.
 */
export const idAlphabet = '0123456789abcdefghjkmnpqrstvwxyz';

export function newLicenseId(): string {
  const bytes = randomBytes(20);
  return `lic_${[...bytes].map((b) => idAlphabet[b % idAlphabet.length]).join('')}`;
}

function displayStatus(row: LicenseRow, now: Date): LicenseDisplayStatus {
  if (row.status === 'active' && row.expiresAt && row.expiresAt < now) return 'expired';
  return row.status;
}

export function licenseToWire(row: LicenseRow, now: Date, admin = false): License {
  const pendingEnterprise = row.type === 'enterprise' && row.paymentStatus === 'pending';
  return {
    id: row.id,
    type: row.type as License['type'],
    organization_name: row.organizationName,
    created: row.createdAt.toISOString(),
    status: displayStatus(row, now),
    payment_status: row.paymentStatus,
    license_key: row.licenseKey,
    users_limit: row.usersLimit,
    gpus_limit: row.gpusLimit,
    support_level: row.supportLevel,
    expires: row.expiresAt?.toISOString() ?? null,
    wire_reference: wireReference(row.id),
    amount_cents: pendingEnterprise ? pendingAmountCents(row) : null,
    ...(admin
      ? { user_email: row.email, price_cents: row.type === 'enterprise' ? quoteEnterprise({ users: row.usersLimit ?? 10, gpus: row.gpusLimit ?? 0, support: row.supportLevel }).annualCents : 0 }
      : {}),
    revoked_at: row.revokedAt?.toISOString() ?? null,
    revoke_reason: row.revokeReason,
    replaced_by: row.replacedBy,
    renewed_by: row.renewedBy,
    renews: row.renews,
    renewal: renewalOffer(row, now),
  };
}

type Terms = Pick<LicenseRow, 'usersLimit' | 'gpusLimit' | 'supportLevel'>;
type GivenTerms = { usersLimit?: number | null; gpusLimit?: number | null; supportLevel?: SupportLevel | null };

/** A successor's limits and support level: the given ones, `from`'s where one is not given. */
export function termsOver(from: Terms, given: GivenTerms): Terms {
  return { usersLimit: given.usersLimit ?? from.usersLimit, gpusLimit: given.gpusLimit ?? from.gpusLimit, supportLevel: given.supportLevel ?? from.supportLevel };
}

/**
 * A new licence that continues `old` (an administrator's change, a paid renewal): a new id and a
 * newly signed key valid until `expiresAt`, the old one's terms but for `changes`, and none of its
 * hiding, revocation, replacement or renewal marks.
 */
export function insertSuccessor(deps: Pick<LicenseDeps, 'signer'>, tx: Db, old: LicenseRow, changes: Partial<LicenseRow>, at: Date, expiresAt: Date | null): Promise<LicenseRow> {
  const draft: LicenseRow = {
    ...old,
    id: newLicenseId(),
    hiddenAt: null,
    hiddenBy: null,
    createdAt: at,
    revokedAt: null,
    revokeReason: null,
    replacedBy: null,
    renewedBy: null,
    renews: null,
    ...changes,
  };
  return insertLicense(tx, { ...draft, ...signedKey(deps, draft, at, expiresAt) });
}

/** A signed key for the licence's id, organisation and limits, valid until `expiresAt` (null: perpetual). Limits left blank are 0: no limit set. */
export function signedKey(deps: Pick<LicenseDeps, 'signer'>, row: LicenseRow, at: Date, expiresAt: Date | null) {
  const licenseKey = deps.signer.issue({
    id: row.id,
    organization: row.organizationName,
    valid: true,
    issued: at.toISOString(),
    valid_until: expiresAt?.toISOString() ?? perpetualUntil,
    features: { users: true },
    limits: { users: row.usersLimit ?? 0, machines: row.gpusLimit ?? 0 },
    email: row.email,
  });
  return { licenseKey, keyHash: keyHash(licenseKey), activatedAt: at, expiresAt };
}

/** The key and validity a license gets when it becomes active. */
function activation(deps: LicenseDeps, row: LicenseRow, at: Date, term: { perpetual: boolean; ms: number }) {
  return signedKey(deps, row, at, term.perpetual ? null : new Date(at.getTime() + term.ms));
}

export async function createForUser(deps: LicenseDeps, user: AuthUser, body: CreateLicenseBody): Promise<LicenseRow> {
  const now = deps.clock.now();
  const base = { id: newLicenseId(), userId: user.account.id, email: user.email, organizationName: user.account.kind === 'team' ? user.account.name : body.organization_name, createdAt: now };
  if (body.type === 'enterprise') {
    return deps.db.transaction(async (tx) => {
      const created = await insertLicense(tx, {
        ...base,
        type: 'enterprise',
        usersLimit: body.users_limit,
        gpusLimit: body.gpus_limit,
        supportLevel: body.support_level,
        status: 'pending',
        paymentStatus: 'pending',
      });
      await deps.documents?.created(tx, created, now);
      return created;
    });
  }
  if (body.type === 'trial' && (await hasActiveTrial(deps.db, user.account.id, now))) throw new Conflict('You already have an active Enterprise Trial');
  const limits = body.type === 'trial' ? { usersLimit: trialLimits.users, gpusLimit: trialLimits.gpus } : { usersLimit: null, gpusLimit: null };
  const draft: LicenseRow = {
    ...base,
    ...limits,
    type: body.type,
    supportLevel: 'none',
    status: 'active',
    paymentStatus: 'none',
    licenseKey: null,
    keyHash: null,
    durationWeeks: null,
    perpetual: false,
    activatedAt: null,
    expiresAt: null,
    hiddenAt: null,
    hiddenBy: null,
    createdByAdmin: null,
    revokedAt: null,
    revokeReason: null,
    replacedBy: null,
    renewedBy: null,
    renews: null,
  };
  // Community is free for a year at a time (renewable); the trial lasts 14 days.
  const term = { perpetual: false, ms: body.type === 'trial' ? trialLimits.days * dayMs : yearMs };
  return deps.db.transaction(async (tx) => {
    const issued = await insertLicense(tx, { ...draft, ...activation(deps, draft, now, term) });
    await licenceIssued({ ...deps.notices, db: tx }, issued);
    return issued;
  });
}

export async function hideForUser(deps: LicenseDeps, user: AuthUser, id: string): Promise<void> {
  const row = await findForUser(deps.db, id, user.account.id, user.account.email);
  if (!row) throw new NotFound('License not found');
  await updateLicense(deps.db, id, { hiddenAt: deps.clock.now(), hiddenBy: user.email });
}

/** A licence that left the list or was revoked: when, by whom, why and what replaced it, for the page its old links open. */
export async function endedLicence(deps: Pick<LicenseDeps, 'db'>, user: AuthUser, id: string): Promise<EndedLicense> {
  const row = await findEndedForUser(deps.db, id, user.account.id, user.account.email);
  if (!row) throw new NotFound('License not found');
  return {
    id: row.id,
    type: row.type,
    organization_name: row.organizationName,
    deleted_at: row.hiddenAt?.toISOString() ?? null,
    deleted_by: row.hiddenAt ? row.hiddenBy : null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    revoke_reason: row.revokeReason,
    replaced_by: row.replacedBy,
    status: row.status,
    expires: row.expiresAt?.toISOString() ?? null,
  };
}

/** Locks a licence row until the end of the caller's transaction (checkout starts and payments queue on it). */
export async function lockLicense(tx: Db, id: string): Promise<LicenseRow | undefined> {
  const [row] = await tx.select().from(licenses).where(eq(licenses.id, id)).for('update');
  return row;
}

/**
 * Credit-card payment of a pending enterprise license. The amount is priced here from the limits,
 * never taken from the client, and the limits, support level and amount are frozen on the checkout
 * session: activation grants exactly what was paid for. Starting a checkout closes the licence's
 * earlier open ones (at Stripe too), so at most one can be paid.
 */
export async function licenseCheckout(deps: LicenseDeps, user: AuthUser, b: { license_id: string; users_limit: number; gpus_limit: number; support_level: SupportLevel }) {
  const row = await findForUser(deps.db, b.license_id, user.account.id, user.account.email);
  if (!row) throw new NotFound('License not found');
  if (row.type !== 'enterprise' || row.paymentStatus !== 'pending') throw new InvalidInput('This license has nothing to pay');
  const terms = { usersLimit: b.users_limit, gpusLimit: b.gpus_limit, supportLevel: b.support_level };
  const quote = { annualCents: pendingAmountCents({ ...row, ...terms }) };
  const { url } = await startCheckout(deps.checkout, {
    userId: user.account.id,
    email: user.email,
    purpose: 'license',
    reference: row.id,
    amountCents: quote.annualCents,
    description: `Enterprise Pro license for ${row.organizationName} (${b.users_limit} users, ${b.gpus_limit} GPUs, ${b.support_level} support), ${row.renews ? `renewing ${row.renews}` : '1 year'}`,
    terms,
    supersede: true,
    async lock(tx) {
      const locked = await lockLicense(tx, row.id);
      if (locked?.paymentStatus !== 'pending') throw new InvalidInput('This license has nothing to pay');
      // The pending licence shows what is being bought; an active one is never changed here.
      await tx
        .update(licenses)
        .set(terms)
        .where(and(eq(licenses.id, row.id), eq(licenses.paymentStatus, 'pending')));
    },
  });
  return { checkout_url: url };
}

/** Activates a pending licence with the given terms inside the caller's transaction (the licence row locked); undefined when it is not pending. */
async function activatePending(
  deps: LicenseDeps,
  tx: Db,
  id: string,
  terms: { usersLimit: number | null; gpusLimit: number | null; supportLevel: SupportLevel },
  at: Date,
): Promise<LicenseRow | undefined> {
  // A renewal waiting for its transfer continues the licence it names: that one is locked first, as a card renewal does, so the two never deadlock.
  const [peek] = await tx.select({ renews: licenses.renews }).from(licenses).where(eq(licenses.id, id));
  const old = peek?.renews ? await lockLicense(tx, peek.renews) : undefined;
  const row = await lockLicense(tx, id);
  if (!row) throw new NotFound('License not found');
  if (row.paymentStatus !== 'pending') return undefined;
  const granted = { ...row, ...terms };
  const continued = old && old.status === 'active' && !old.renewedBy && old.expiresAt ? { old, expiresAt: old.expiresAt } : undefined;
  if (continued) {
    const until = renewedUntil(continued.expiresAt, renewalTerms(continued.old).periodMs, at);
    const activated = await activateIfPending(tx, id, { ...terms, ...signedKey(deps, granted, at, until) });
    if (!activated) return undefined;
    const renewed = (await updateLicense(tx, continued.old.id, { renewedBy: id })) ?? continued.old;
    await licenceRenewed({ ...deps.notices, db: tx }, renewed, activated);
    return activated;
  }
  const activated = await activateIfPending(tx, id, { ...terms, ...activation(deps, granted, at, { perpetual: false, ms: yearMs }) });
  if (activated) await licenceActivated({ ...deps.notices, db: tx }, activated);
  return activated;
}

/** What a pending enterprise licence costs: a year at list price, or a renewal's period of the licence it continues. */
function pendingAmountCents(row: LicenseRow): number {
  if (row.renews) return renewalTerms(row).amountCents;
  return quoteEnterprise({ users: row.usersLimit ?? 10, gpus: row.gpusLimit ?? 0, support: row.supportLevel }).annualCents;
}

/**
 * What a paid licence checkout does: activates the licence with the terms frozen on that checkout,
 * once. A payment for a licence that is no longer pending delivers nothing (and is refunded).
 */
export function licenseFulfiller(deps: LicenseDeps): Fulfiller {
  return {
    async lock(tx, c) {
      if (c.reference) await lockLicense(tx, c.reference);
    },
    async fulfil(tx, c, at) {
      if (!c.reference) return 'nothing-to-deliver';
      const terms = { usersLimit: c.usersLimit, gpusLimit: c.gpusLimit, supportLevel: c.supportLevel ?? 'none' };
      return (await activatePending(deps, tx, c.reference, terms, at)) ? 'delivered' : 'nothing-to-deliver';
    },
  };
}

/** Bank transfer received (an admin marks it): active for a year from now with the licence's stated terms; open card checkouts are closed. */
export async function markPaid(deps: LicenseDeps, id: string, who: AuditWho): Promise<LicenseRow> {
  const activated = await deps.db.transaction(async (tx) => {
    const row = await lockLicense(tx, id);
    if (!row) throw new NotFound('License not found');
    const at = deps.clock.now();
    const done = await activatePending(deps, tx, id, { usersLimit: row.usersLimit, gpusLimit: row.gpusLimit, supportLevel: row.supportLevel }, at);
    if (done) await deps.documents?.transferPaid(tx, done, at);
    if (done)
      await recordAudit(tx, {
        ...who,
        action: 'admin.license.marked_paid',
        target: { type: 'licence', id },
        subjectUserId: done.userId,
        details: { email: done.email, organization_name: done.organizationName },
        at,
      });
    return done;
  });
  if (!activated) throw new Conflict('This license is not waiting for payment');
  await closeOpenCheckouts(deps.checkout, 'license', id);
  await deps.onTransferPaid?.(activated);
  return activated;
}

export async function createByAdmin(deps: LicenseDeps, who: AuditWho & { actor: { id: string } }, b: AdminCreateLicenseBody): Promise<LicenseRow> {
  const adminId = who.actor.id;
  const now = deps.clock.now();
  const email = b.email.toLowerCase();
  // A team's licence is the team account's (issue 34): no question about the contact's e-mail, and the team's name as the organisation, as when a member buys one.
  const team = b.team_id ? await teamOfAccount(deps.db, b.team_id) : undefined;
  if (b.team_id && (!team || team.deletedAt)) throw new NotFound('No such team');
  const accounts = team ? [] : await userIdsByEmail(deps.db, email);
  if (!team && accounts.length === 0 && !b.confirmUnknownEmail)
    throw new Conflict(`No account uses ${email} yet. Create the license anyway? It is linked to the account when that person first signs in.`, { code: unknownEmailCode, email });
  const draft: LicenseRow = {
    id: newLicenseId(),
    // one account with this e-mail owns it now; none yet: linked at that person's first sign-in
    userId: team && b.team_id ? b.team_id : accounts.length === 1 ? (accounts[0] ?? null) : null,
    email,
    type: 'enterprise',
    organizationName: team ? team.name : b.organization_name,
    usersLimit: b.users_limit ?? null,
    gpusLimit: b.gpus_limit ?? null,
    supportLevel: b.support_level ?? 'none',
    status: 'active',
    paymentStatus: 'none',
    licenseKey: null,
    keyHash: null,
    durationWeeks: b.perpetual ? null : (b.duration_weeks ?? 52),
    perpetual: b.perpetual,
    activatedAt: null,
    expiresAt: null,
    hiddenAt: null,
    hiddenBy: null,
    createdByAdmin: adminId,
    createdAt: now,
    revokedAt: null,
    revokeReason: null,
    replacedBy: null,
    renewedBy: null,
    renews: null,
  };
  return deps.db.transaction(async (tx) => {
    const created = await insertLicense(tx, { ...draft, ...activation(deps, draft, now, { perpetual: b.perpetual, ms: (draft.durationWeeks ?? 0) * 7 * dayMs }) });
    const details = {
      email: created.email,
      organization_name: created.organizationName,
      perpetual: created.perpetual,
      duration_weeks: created.durationWeeks,
      users_limit: created.usersLimit,
      gpus_limit: created.gpusLimit,
      support_level: created.supportLevel,
      account_exists: team !== undefined || accounts.length > 0,
      ...(team ? { team_id: b.team_id, team_name: team.name } : {}),
    };
    await recordAudit(tx, {
      ...who,
      action: 'admin.license.created',
      target: { type: 'licence', id: created.id },
      subjectUserId: created.userId,
      details,
      at: now,
    });
    await licenceIssued({ ...deps.notices, db: tx }, created);
    return created;
  });
}
