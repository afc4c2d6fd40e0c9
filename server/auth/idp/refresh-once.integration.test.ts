import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, postgresAvailable, postgresSkipNote, type TestPostgresDatabase } from '../../../test/support/postgres';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { signIn } from '../../../test/support/sign-in';

const pgOk = await postgresAvailable();

/** What the token endpoint answered: the new tokens, or its OAuth error code. */
const attempt = (config: client.Configuration, refreshToken: string) =>
  client.refreshTokenGrant(config, refreshToken).then(
    (tokens) => ({ ok: true as const, refreshToken: tokens.refresh_token ?? '' }),
    (err: unknown) => ({ ok: false as const, error: err instanceof client.ResponseBodyError ? err.error : String(err) }),
  );

/** A refresh token is used once (OAuth 2.0 Security BCP 4.14.2), decided by the database, on either database. */
function refreshOnce(start: () => Promise<TestServer>) {
  let server: TestServer;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(async () => server?.cleanup());

  it('five simultaneous refreshes with one token: exactly one gets tokens, the others invalid_grant, and the grant ends', async () => {
    const s = await signIn(server, 'user@example.test', 'userpass');
    const answers = await Promise.all(Array.from({ length: 5 }, () => attempt(s.config, s.refreshToken)));
    const won = answers.filter((a) => a.ok);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => !a.ok).map((a) => (a.ok ? '' : a.error))).toEqual(['invalid_grant', 'invalid_grant', 'invalid_grant', 'invalid_grant']);
    // The losers were replays: the token the winner got is dead with the rest of the grant.
    const winner = won[0];
    expect(winner?.ok && (await attempt(s.config, winner.refreshToken))).toEqual({ ok: false, error: 'invalid_grant' });
  });

  it('a replay of a used refresh token is refused and ends the grant: the rotated token stops working too', async () => {
    const s = await signIn(server, 'other@example.test', 'otherpass');
    const first = await attempt(s.config, s.refreshToken);
    expect(first.ok).toBe(true);
    expect(await attempt(s.config, s.refreshToken)).toEqual({ ok: false, error: 'invalid_grant' });
    expect(first.ok && (await attempt(s.config, first.refreshToken))).toEqual({ ok: false, error: 'invalid_grant' });
  });

  it('a refresh token used one at a time keeps rotating', async () => {
    const s = await signIn(server, 'admin@example.test', 'adminpass');
    let token = s.refreshToken;
    for (let i = 0; i < 3; i++) {
      const next = await attempt(s.config, token);
      expect(next.ok).toBe(true);
      if (next.ok) token = next.refreshToken;
    }
  });
}

describe('refresh tokens are used once (PGlite)', () => {
  refreshOnce(() => startTestServer());
});

describe.skipIf(!pgOk)(`refresh tokens are used once (PostgreSQL) ${pgOk ? '' : postgresSkipNote}`, () => {
  let pgdb: TestPostgresDatabase | undefined;
  afterAll(async () => pgdb?.drop());
  refreshOnce(async () => {
    pgdb = await createPostgresDatabase();
    return startTestServer({ DATABASE_URL: pgdb.url });
  });
});
