import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import type { Database, Db } from '../db/client';
import * as schema from '../db/schema';
import { openTestPglite } from '../../test/support/test-pglite';
import { ownSignOuts, recordSignOut, signedOut } from './signed-out';
import { users } from '../db/schema';

/** PGlite's sign-outs are answered from memory (no query per request): the answers must be the database's. */
describe('sign-outs of a database this process owns alone', () => {
  let database: Database;
  let userId: string;
  const now = new Date('2026-11-28T10:00:00Z');
  const later = new Date('2026-11-28T11:00:00Z');
  const reopened = (): Db => drizzle((database.db as unknown as { $client: PGlite }).$client, { schema }) as unknown as Db;

  beforeAll(async () => {
    database = await openTestPglite();
    [{ id: userId }] = (await database.db.insert(users).values({ issuer: 'embedded', subject: 'owned-1', email: 'owned@example.test' }).returning({ id: users.id })) as [{ id: string }];
  });
  afterAll(async () => database?.close());

  it('refuses a session signed out here at once, until its tokens expire, and no other session', async () => {
    const db = reopened();
    await ownSignOuts(db, now);
    expect(await signedOut(db, 'sid-a', now)).toBe(false);
    await recordSignOut(db, { userId, sessionKey: 'sid-a', until: later, now });
    expect(await signedOut(db, 'sid-a', now)).toBe(true);
    expect(await signedOut(db, 'sid-b', now)).toBe(false);
    expect(await signedOut(db, 'sid-a', later)).toBe(false);
  });

  it('after a restart (a new owner of the same database) the sign-outs recorded before still count, asked or remembered', async () => {
    const before = reopened();
    await ownSignOuts(before, now);
    await recordSignOut(before, { userId, sessionKey: 'sid-c', until: later, now });
    const asked = reopened();
    expect(await signedOut(asked, 'sid-c', now)).toBe(true);
    const remembered = reopened();
    await ownSignOuts(remembered, now);
    expect(await signedOut(remembered, 'sid-c', now)).toBe(true);
    expect(await signedOut(remembered, 'sid-d', now)).toBe(false);
  });
});
