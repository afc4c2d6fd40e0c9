import { z } from 'zod';

/**
 * The one account vocabulary: `personal`, a person's own account; `team`, a team's account
 * (issue 34). The API, auth, customers and notifications speak it; the database's `users.kind`
 * column keeps its stored words (`person`, `team`), read through `accountKindOf` only.
 */
export const accountKinds = ['personal', 'team'] as const;
export const accountKind = z.enum(accountKinds);
export type AccountKind = z.infer<typeof accountKind>;

/** What `users.kind` stores. */
export const storedAccountKinds = ['person', 'team'] as const;
export type StoredAccountKind = (typeof storedAccountKinds)[number];

export const accountKindOf = (stored: StoredAccountKind): AccountKind => (stored === 'person' ? 'personal' : 'team');
