import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
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

    async consume(id: string): Promise<void> {
      await db.update(oidcPayloads).set({ consumedAt: new Date() }).where(this.key(id));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcPayloads).where(this.key(id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    }
  };
}

/** Removes rows whose lifetime has passed; called from time to time so the table does not grow. */
export async function sweepExpiredPayloads(db: Db): Promise<void> {
  await db.delete(oidcPayloads).where(lte(oidcPayloads.expiresAt, sql`now()`));
}
