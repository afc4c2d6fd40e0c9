import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/client';
import { oidcPayloads } from '../../db/schema';

/** oidc-provider storage in the Launchpad database: one row per model instance, expired rows ignored and swept. */
export function databaseAdapter(db: Db) {
  return class DatabaseAdapter implements Adapter {
    constructor(private readonly model: string) {}

    private key(id: string) {
      return and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id));
    }

    private live() {
      return or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`));
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        model: this.model,
        id,
        payload: payload as Record<string, unknown>,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insert(oidcPayloads)
        .values(row)
        .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: row });
    }

    private async findWhere(where: ReturnType<typeof and>): Promise<AdapterPayload | undefined> {
      const [row] = await db.select().from(oidcPayloads).where(and(where, this.live()));
      if (!row) return undefined;
      return { ...row.payload, ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}) } as AdapterPayload;
    }

    find(id: string) {
      return this.findWhere(this.key(id));
    }

    findByUserCode(userCode: string) {
      return this.findWhere(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.userCode, userCode)));
    }

    findByUid(uid: string) {
      return this.findWhere(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.uid, uid)));
    }

    /**
     * One use only, decided by the database: of two requests presenting the same refresh token or
     * code at once, only the one whose conditional update marks it consumed goes on. The other is a
     * replay (OAuth 2.0 Security BCP 4.14.2: the server cannot tell the thief from the client), so
     * the whole grant ends, as oidc-provider itself does for a replay it sees coming.
     */
    async consume(id: string): Promise<void> {
      const [won] = await db
        .update(oidcPayloads)
        .set({ consumedAt: new Date() })
        .where(and(this.key(id), isNull(oidcPayloads.consumedAt)))
        .returning({ id: oidcPayloads.id });
      if (won) return;
      const [row] = await db.select({ grantId: oidcPayloads.grantId }).from(oidcPayloads).where(this.key(id));
      if (row?.grantId) await endGrant(db, row.grantId);
      throw new errors.InvalidGrant(`${this.model === 'RefreshToken' ? 'refresh token' : 'authorization code'} already used`);
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcPayloads).where(this.key(id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    }
  };
}

/** Every token and code of a grant, and the grant itself: nothing issued under it works again. */
async function endGrant(db: Db, grantId: string): Promise<void> {
  await db.delete(oidcPayloads).where(or(eq(oidcPayloads.grantId, grantId), and(eq(oidcPayloads.model, 'Grant'), eq(oidcPayloads.id, grantId))));
}

/** Removes rows whose lifetime has passed; called from time to time so the table does not grow. */
export async function sweepExpiredPayloads(db: Db): Promise<void> {
  await db.delete(oidcPayloads).where(lte(oidcPayloads.expiresAt, sql`now()`));
}
