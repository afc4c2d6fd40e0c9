import type { IdentitySettings } from '../config';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { recordAudit } from '../audit/service';
import { assertAllowed } from './policy';
import { findPerson, personWithEmailElsewhere, rekeyUser, upsertUser, type UserRow } from './users-queries';

/** What a verified access token says about who signs in. */
export interface SignInClaims {
  /** the token's `iss` */
  issuer: string;
  subject: string;
  /** a checked, lower-cased address, or undefined when the issuer gave none */
  email: string | undefined;
  emailVerified: boolean;
  idpAdmin: boolean;
}

export interface IdentityDeps {
  db: Db;
  clock: Clock;
  settings: IdentitySettings;
}

/**
 * The person a verified token names, created at their first sign-in. Accounts are stored under the
 * settings' issuer key (`embedded` for the embedded provider, so its people keep their accounts at a
 * new PUBLIC_URL or desktop port). A first sign-in finds, in this order:
 * 1. the same subject under one of the issuer's earlier addresses (OIDC_PREVIOUS_ISSUERS): that
 *    account moves to the current address (audited `auth.identity.moved`);
 * 2. an account of another issuer with the same e-mail: it is linked only on proof, the issuer saying
 *    the address is verified and the operator allowing it (OIDC_LINK_VERIFIED_EMAIL), audited
 *    `auth.identity.linked`; otherwise the sign-in is refused with the reason (403), never a silent
 *    second account;
 * 3. otherwise a new account.
 */
export async function personOf(deps: IdentityDeps, claims: SignInClaims, ip?: string): Promise<UserRow> {
  const { db, settings } = deps;
  const key = settings.issuerKey;
  const keep = () => upsertUser(db, key, claims.subject, claims.email, claims.idpAdmin);
  const known = await findPerson(db, [key], claims.subject);
  if (known) return refuseWithoutEmail(claims, known) ?? keep();

  const earlier = await findPerson(db, settings.previousIssuers, claims.subject);
  if (earlier) {
    refuseWithoutEmail(claims, earlier);
    await moveAccount(deps, earlier, claims, 'auth.identity.moved', ip);
    return keep();
  }
  // No account without an address (licences, receipts, notices and admins find people by it).
  assertAllowed({}, { do: 'sign-in', email: claims.email });

  const other = claims.email && (await personWithEmailElsewhere(db, claims.email, key));
  if (other) {
    assertAllowed({}, { do: 'sign-in', email: claims.email, joins: { verified: claims.emailVerified === true, linkingAllowed: settings.linkVerifiedEmail } });
    await moveAccount(deps, other, claims, 'auth.identity.linked', ip);
  }
  return keep();
}

/** Throws when neither the token nor the account on record has an address. */
function refuseWithoutEmail(claims: SignInClaims, row: UserRow): undefined {
  assertAllowed({}, { do: 'sign-in', email: claims.email ?? (row.email || undefined) });
  return undefined;
}

/** The account now answers to this issuer and subject; the event is written with the move, or neither is. */
async function moveAccount(deps: IdentityDeps, from: UserRow, claims: SignInClaims, action: 'auth.identity.moved' | 'auth.identity.linked', ip: string | undefined): Promise<void> {
  const to = { issuer: deps.settings.issuerKey, subject: claims.subject };
  await deps.db.transaction(async (tx) => {
    const moved = await rekeyUser(tx, from, to);
    // Another request of the same sign-in moved it a moment ago (and wrote the event).
    if (!moved) return;
    await recordAudit(tx, {
      action,
      actor: { id: moved.id, email: claims.email ?? moved.email },
      subjectUserId: moved.id,
      target: { type: 'user', id: moved.id },
      ip,
      at: deps.clock.now(),
      details: {
        from: { issuer: from.issuer, subject: from.subject, email: from.email },
        to: { issuer: claims.issuer, subject: claims.subject, email: claims.email ?? null, emailVerified: claims.emailVerified },
      },
    });
  });
}

/** The sign-in refusals' words (the one policy says them). */
export { linkingOffReason, noEmailReason, unverifiedEmailReason } from './policy';
