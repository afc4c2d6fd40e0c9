import type { AccountKind } from '../../shared/teams/account-kinds';
import type { Logger } from 'pino';
import type { SignOutCheck } from '../auth/sign-out-check';
import type { TeamRole } from '../../shared/teams/roles';

/**
 * The account a request acts in (issue 34): the caller's own, or a team they belong to (the
 * `X-Account` header, or a team's API key). Everything a user owns — balance, ledger, deployments,
 * licences, API keys, notices — is keyed by `id`.
 */
export interface Account {
  /** a `users` row: the person's own, or the team's account row */
  id: string;
  kind: AccountKind;
  /** the caller's role: `owner` of their personal account */
  role: TeamRole;
  /** the team's name; the person's e-mail for the personal account */
  name: string;
  /** the address licences issued by e-mail are matched on: the person's for the personal account, none for a team */
  email: string;
}

export interface AuthUser {
  /** the person (never a team) */
  id: string;
  email: string;
  isAdmin: boolean;
  /** how the caller proved who they are */
  via: 'token' | 'api-key';
  /** an API key's scopes; null or absent: all the user may */
  scopes?: readonly string[] | null;
  /** whether the issuer says the e-mail is verified (a team invitation is accepted only then) */
  emailVerified?: boolean;
  account: Account;
  /** the sign-in session an access token belongs to: `key` is what a sign-out records (server/auth/signed-out.ts), `sid` the token's claim when it has one */
  session?: { key: string; sid: string | undefined };
}

export interface AppState {
  requestId: string;
  log: Logger;
  user?: AuthUser;
  /** whether the bearer's sign-in has ended, when that is still to be asked (server/auth/sign-out-check.ts) */
  signOut?: SignOutCheck;
}

/** A person acting in their own account. */
export const personalAccount = (user: { id: string; email: string }): Account => ({ id: user.id, kind: 'personal', role: 'owner', name: user.email, email: user.email });
