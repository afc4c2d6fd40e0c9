import { eq } from 'drizzle-orm';
import { accountKindOf } from '../../shared/teams/account-kinds';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/** How a notice names whose money it is: a team's members read "the team's", not "your" (issue 43). */
export interface AccountWords {
  whose: 'your' | "the team's";
  Whose: 'Your' | "The team's";
}

export async function accountWords(db: Db, accountId: string): Promise<AccountWords> {
  const [account] = await db.select({ kind: users.kind }).from(users).where(eq(users.id, accountId));
  return account && accountKindOf(account.kind) === 'team' ? { whose: "the team's", Whose: "The team's" } : { whose: 'your', Whose: 'Your' };
}
