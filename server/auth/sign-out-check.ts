import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { unauthorized } from '../http/errors';
import { signedOutSessions } from '../db/schema';
import { signOutsInMemory, signedOut } from './signed-out';

/** Why a token of a signed-out session is refused (401). */
export const signedOutReason = 'Signed out: this sign-in has ended, sign in again';

/**
 * "Has this sign-in ended?" for a request whose token the server already verified (the token cache
 * spares the signature check, never this one: a sign-out on any instance counts at once). On a
 * shared database it is a round trip of its own; a read route may fold it into the statement that
 * reads its answer (`foldsSignOutCheck` in server/http/register.ts), so the request makes one round
 * trip instead of two. Every other route settles it before its handler runs, and whatever is still
 * unsettled when the answer is ready is settled then, before it leaves.
 */
export class SignOutCheck {
  private settled = false;
  constructor(
    readonly sessionKey: string,
    readonly now: Date,
    /** asks whether the session signed out */
    private readonly ask: () => Promise<boolean>,
    /** whether asking costs a query (a read may fold it in instead): not where sign-outs are in memory (PGlite) */
    private readonly costsQuery: boolean,
  ) {}

  /** Throws the 401 when the session signed out; asks at most once. */
  async settle(): Promise<void> {
    if (!this.settled) this.settleWith(await this.ask());
  }

  /** Whether a read should fold the check into its statement. */
  get foldable(): boolean {
    return this.costsQuery && !this.settled;
  }

  /** Settles with what the folded statement's `signedOutColumn` said. */
  settleWith(signedOutNow: boolean): void {
    if (signedOutNow) throw unauthorized(signedOutReason);
    this.settled = true;
  }
}

/** The check of the session `sessionKey` at `now` against `db`'s sign-outs. */
export const signOutCheck = (db: Db, sessionKey: string, now: Date) => new SignOutCheck(sessionKey, now, () => signedOut(db, sessionKey, now), !signOutsInMemory(db));

/** The folded check, a boolean column for a read's statement (its parameters: SignOutParams). */
export const signedOutColumn: SQL<boolean> = sql<boolean>`exists (select 1 from ${signedOutSessions} where ${signedOutSessions.sessionKey} = ${sql.placeholder('signOutSession')} and ${signedOutSessions.until} > ${sql.placeholder('signOutNow')})`;

export interface SignOutParams {
  signOutSession: string;
  signOutNow: string;
}

/**
 * A read of one row with the request's sign-out check. Where the check costs a query, `read` gets
 * the folded check's parameters: its statement selects `signedOutColumn` as `signedOut`, which
 * settles the check (no row: it is asked on its own). Elsewhere, or with no check, the check is
 * settled first and `read` gets none.
 */
export async function readSignedIn<R extends { signedOut: boolean }>(signOut: SignOutCheck | undefined, read: (fold: SignOutParams | undefined) => Promise<R | undefined>): Promise<R | undefined> {
  if (!signOut?.foldable) {
    await signOut?.settle();
    return read(undefined);
  }
  const row = await read({ signOutSession: signOut.sessionKey, signOutNow: signOut.now.toISOString() });
  if (row) signOut.settleWith(row.signedOut);
  else await signOut.settle();
  return row;
}
