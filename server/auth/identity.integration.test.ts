import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentitySettings } from '../config';
import { embeddedIssuerKey } from '../config';
import { migrationsFolder, openDatabase, type Database } from '../db/client';
import { auditEvents, users } from '../db/schema';
import { createPostgresDatabase, postgresAvailable, postgresSkipNote, type TestPostgresDatabase } from '../../test/support/postgres';
import { frozenClock } from '../../test/support/clock';
import { openTestPglite } from '../../test/support/test-pglite';
import { httpErrorOf } from '../http/errors';
import { linkingOffReason, noEmailReason, personOf, unverifiedEmailReason, type SignInClaims } from './identity';

const pgOk = await postgresAvailable();
const clock = frozenClock(new Date('2026-11-28T02:00:00Z'));
const keycloak = 'https://sso.example.test/realms/helix';
const oldKeycloak = 'https://keycloak.old.example.test/realms/helix';

const external = (o: Partial<IdentitySettings> = {}): IdentitySettings => ({ issuerKey: keycloak, previousIssuers: [oldKeycloak], linkVerifiedEmail: false, ...o });
const claims = (o: Partial<SignInClaims> = {}): SignInClaims => ({ issuer: keycloak, subject: 'kc-1', email: 'ada@example.test', emailVerified: true, idpAdmin: false, ...o });
/** What the API answers for a refused sign-in: its status and reason. */
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'signed in',
    (err: unknown) => {
      const http = httpErrorOf(err) as { status?: number; message?: string };
      return { status: http.status, reason: http.message };
    },
  );

/** The embedded migration (server/db/migrations/*_embedded_identity_key.sql), as a data folder of the release before runs it. */
const embeddedMigration = fs.readFileSync(path.join(migrationsFolder, fs.readdirSync(migrationsFolder).find((f) => f.endsWith('_embedded_identity_key.sql')) ?? ''), 'utf8');

function identityRules(open: () => Promise<Database>) {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => database?.close());
  const deps = (settings: IdentitySettings) => ({ db: database.db, clock, settings });
  const person = async (issuer: string, subject: string, email: string) => (await database.db.insert(users).values({ issuer, subject, email }).returning())[0]!;
  const audits = (action: string) => database.db.select().from(auditEvents).where(eq(auditEvents.action, action));

  it('a subject of an earlier issuer address (OIDC_PREVIOUS_ISSUERS) keeps its account: moved once, audited once, even when five first requests come at once', async () => {
    const old = await person(oldKeycloak, 'kc-move', 'move@example.test');
    const rows = await Promise.all(Array.from({ length: 5 }, () => personOf(deps(external()), claims({ subject: 'kc-move', email: 'move@example.test' }))));
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set([old.id]));
    expect(rows[0]).toMatchObject({ issuer: keycloak, subject: 'kc-move' });
    expect((await audits('auth.identity.moved')).map((a) => [a.subjectUserId, (a.details as { from: { issuer: string } }).from.issuer])).toEqual([[old.id, oldKeycloak]]);
  });

  it('the same e-mail from another issuer is refused with the reason while linking is off, and when the address is not verified', async () => {
    const embeddedRow = await person(embeddedIssuerKey, 'dev-0123456789abcdef0123', 'grace@example.test');
    expect(await refusal(personOf(deps(external()), claims({ subject: 'kc-grace', email: 'grace@example.test' })))).toEqual({ status: 403, reason: linkingOffReason('grace@example.test') });
    expect(await refusal(personOf(deps(external({ linkVerifiedEmail: true })), claims({ subject: 'kc-grace', email: 'grace@example.test', emailVerified: false })))).toEqual({
      status: 403,
      reason: unverifiedEmailReason('grace@example.test'),
    });
    // No second account was made, and the first one is untouched.
    const rows = await database.db.select().from(users).where(eq(users.email, 'grace@example.test'));
    expect(rows).toEqual([embeddedRow]);
    expect(await audits('auth.identity.linked')).toEqual([]);
  });

  it('with OIDC_LINK_VERIFIED_EMAIL and a verified address, the sign-in takes over that account and the link is audited', async () => {
    const embeddedRow = await person(embeddedIssuerKey, 'dev-aaaaaaaaaaaaaaaaaaaa', 'linus@example.test');
    const rows = await Promise.all(Array.from({ length: 3 }, () => personOf(deps(external({ linkVerifiedEmail: true })), claims({ subject: 'kc-linus', email: 'linus@example.test' }), '203.0.113.9')));
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set([embeddedRow.id]));
    expect(await database.db.select().from(users).where(eq(users.email, 'linus@example.test'))).toMatchObject([{ id: embeddedRow.id, issuer: keycloak, subject: 'kc-linus' }]);
    const [linked, ...more] = await audits('auth.identity.linked');
    expect(more).toEqual([]);
    expect(linked).toMatchObject({ actorUserId: embeddedRow.id, subjectUserId: embeddedRow.id, ipAddress: '203.0.113.9' });
    expect(linked?.details).toMatchObject({ from: { issuer: embeddedIssuerKey, subject: 'dev-aaaaaaaaaaaaaaaaaaaa' }, to: { issuer: keycloak, subject: 'kc-linus', emailVerified: true } });
  });

  it('a new address makes a new account; a sign-in with no address anywhere is refused', async () => {
    const fresh = await personOf(deps(external()), claims({ subject: 'kc-new', email: 'new@example.test' }));
    expect(fresh).toMatchObject({ issuer: keycloak, subject: 'kc-new', email: 'new@example.test' });
    expect(await refusal(personOf(deps(external()), claims({ subject: 'kc-nomail', email: undefined })))).toEqual({ status: 403, reason: noEmailReason });
    // An address on record from an earlier sign-in is enough.
    expect((await personOf(deps(external()), claims({ subject: 'kc-new', email: undefined }))).id).toBe(fresh.id);
  });

  it("the embedded migration moves a data folder's people to the fixed key: the first of a person's rows, never an external issuer's or a team", async () => {
    const at = (iso: string) => new Date(iso);
    const ins = async (issuer: string, subject: string, email: string, createdAt: string, kind: 'person' | 'team' = 'person') =>
      (
        await database.db
          .insert(users)
          .values({ issuer, subject, email, kind, createdAt: at(createdAt) })
          .returning()
      )[0]!;
    const first = await ins('http://localhost:3000/oidc', 'dev-11111111111111111111', 'm1@example.test', '2026-01-01T00:00:00Z');
    const later = await ins('http://127.0.0.1:3000/oidc', 'dev-11111111111111111111', 'm1@example.test', '2026-02-01T00:00:00Z');
    const desktop = await ins('http://localhost:37513/oidc', 'dev-22222222222222222222', 'm2@example.test', '2026-01-01T00:00:00Z');
    const keycloakRow = await ins('https://sso.example.test/oidc', 'f3b0c442-98fc', 'kc@example.test', '2026-01-01T00:00:00Z');
    const team = await ins('team', 'dev-33333333333333333333', 'Acme', '2026-01-01T00:00:00Z', 'team');
    await database.db.execute(sql.raw(embeddedMigration));
    const after = await database.db
      .select({ id: users.id, issuer: users.issuer })
      .from(users)
      .where(inArray(users.id, [first.id, later.id, desktop.id, keycloakRow.id, team.id]));
    const issuerOf = (id: string) => after.find((r) => r.id === id)?.issuer;
    expect([first, later, desktop, keycloakRow, team].map((r) => issuerOf(r.id))).toEqual([
      embeddedIssuerKey,
      'http://127.0.0.1:3000/oidc',
      embeddedIssuerKey,
      'https://sso.example.test/oidc',
      'team',
    ]);
    // Run again (another instance, a restored backup): nothing more moves.
    await database.db.execute(sql.raw(embeddedMigration));
    expect(
      await database.db
        .select()
        .from(users)
        .where(and(eq(users.subject, 'dev-11111111111111111111'), eq(users.issuer, embeddedIssuerKey))),
    ).toHaveLength(1);
  });
}

describe('identity across issuers and addresses (PGlite)', () => {
  identityRules(openTestPglite);
});

describe.skipIf(!pgOk)(`identity across issuers and addresses (PostgreSQL) ${pgOk ? '' : postgresSkipNote}`, () => {
  let pgdb: TestPostgresDatabase | undefined;
  afterAll(async () => pgdb?.drop());
  identityRules(async () => {
    pgdb = await createPostgresDatabase();
    return openDatabase({ url: pgdb.url });
  });
});
