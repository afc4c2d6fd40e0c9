import type { IdentitySettings } from '../config';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { recordAudit } from '../audit/service';
import { forbidden } from '../http/errors';
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
  if (claims.email === undefined) throw forbidden(noEmailReason);

  const other = await personWithEmailElsewhere(db, claims.email, key);
  if (other) {
    if (!claims.emailVerified) throw forbidden(unverifiedEmailReason(claims.email));
    if (!settings.linkVerifiedEmail) throw forbidden(linkingOffReason(claims.email));
    await moveAccount(deps, other, claims, 'auth.identity.linked', ip);
  }
  return keep();
}

/** Throws when neither the token nor the account on record has an address. */
function refuseWithoutEmail(claims: SignInClaims, row: UserRow): undefined {
  if (claims.email === undefined && !row.email) throw forbidden(noEmailReason);
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

/** The refusal of a sign-in whose issuer gives no e-mail address, in the access token nor from its userinfo endpoint. */
export const noEmailReason =
  'Sign-in refused: your identity provider gave no e-mail address for this account (neither in the access token nor from its userinfo endpoint). Ask its administrator to release the email claim, then sign in again';

/** The refusal of a first sign-in whose address has an account from another identity provider, which the issuer does not say is verified. */
export const unverifiedEmailReason = (email: string) =>
  `Sign-in refused: ${email} already has an account here, made through another identity provider, and yours does not say this address is verified. Ask its administrator to mark the address verified, then sign in again`;

/** The same, when the operator has not allowed linking by verified e-mail. */
export const linkingOffReason = (email: string) =>
  `Sign-in refused: ${email} already has an account here, made through another identity provider. So that nobody gets a second, empty account, this server joins a new sign-in to it only when its administrator allows it (OIDC_LINK_VERIFIED_EMAIL=true). Ask them, then sign in again`;
