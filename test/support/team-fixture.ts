/**
 * A team made straight in the database (server/teams/queries.ts), with signed-in members of the
 * roles a test names: for tests of what members may do in a team's account without going through
 * the teams routes.
 */
import type { TeamRole } from '../../shared/teams/roles';
import { authContract } from '../../shared/api/auth';
import { accountHeader } from '../../shared/api/teams';
import type { Db } from '../../server/db/client';
import { insertTeam, upsertMember } from '../../server/teams/queries';
import { defaultDevUsers } from './server';
import { signIn } from './sign-in';
import { call } from './typed-client';

export interface TeamPerson {
  email: string;
  /** the person's own account id */
  id: string;
  accessToken: string;
}

/** The DEV_USERS entry that adds `names` (each `<name>@example.test`, password `<name>pass`) to the default users. */
export function devUsersWith(names: readonly string[]): string {
  return [defaultDevUsers, ...names.map((n) => `${n}@example.test:${n}pass`)].join(',');
}

/** Signs in `<name>@example.test` and makes their account (the first request does). */
export async function signInPerson(server: { url: string }, name: string): Promise<TeamPerson> {
  const email = `${name}@example.test`;
  const { accessToken } = await signIn(server, email, `${name}pass`);
  const me = await call(server, authContract.me, {}, { token: accessToken });
  return { email, id: me.id, accessToken };
}

/** A team created by `owner`, with each of `others` in the role given. Answers the team's account id. */
export async function makeTeam(db: Db, name: string, owner: TeamPerson, others: readonly (readonly [TeamPerson, TeamRole])[], at = new Date()): Promise<string> {
  const teamId = await insertTeam(db, owner.id, name, at);
  for (const [person, role] of others) await upsertMember(db, teamId, person.id, role, 'invitation', at);
  return teamId;
}

/** The header that makes a request act in `accountId`. */
export const inAccount = (accountId: string): Record<string, string> => ({ [accountHeader]: accountId });
