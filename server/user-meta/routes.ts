import Router from '@koa/router';
import { eq, sql } from 'drizzle-orm';
import { deploymentSettingsContract } from '../../shared/api/deployments';
import type { Db } from '../db/client';
import { userMeta } from '../db/schema';
import { registrar } from '../http/register';
import type { AppState } from '../http/types';

/** GET/PUT /api/user/meta: per-user settings the deployment form needs (the model-hub token). */
export function userMetaRoutes(db: Db): Router<AppState> {
  const router = new Router<AppState>();
  const register = registrar(router);
  const c = deploymentSettingsContract;

  register(c.userMeta, async ({ user }, ctx) => {
    const [row] = await db.select().from(userMeta).where(eq(userMeta.userId, user.id));
    ctx.set('Cache-Control', 'no-store');
    return { meta: { huggingface_token: row?.huggingfaceToken ?? null } };
  });

  register(c.updateUserMeta, async ({ body, user }) => {
    const token = body.huggingface_token || null;
    await db
      .insert(userMeta)
      .values({ userId: user.id, huggingfaceToken: token })
      .onConflictDoUpdate({ target: userMeta.userId, set: { huggingfaceToken: token, updatedAt: sql`now()` } });
    return { meta: { huggingface_token: token } };
  });

  return router;
}
