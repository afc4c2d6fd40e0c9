import Router from '@koa/router';
import { eq, sql } from 'drizzle-orm';
import { updateUserMetaBody } from '../../shared/api/deployments';
import { currentUser, requireUser } from '../auth/authenticate';
import type { Db } from '../db/client';
import { userMeta } from '../db/schema';
import type { AppState } from '../http/types';
import { parse } from '../http/validate';

/** GET/PUT /api/user/meta: per-user settings the deployment form needs (the model-hub token). */
export function userMetaRoutes(db: Db): Router<AppState> {
  const router = new Router<AppState>();

  router.get('user-meta.get', '/user/meta', requireUser, async (ctx) => {
    const [row] = await db.select().from(userMeta).where(eq(userMeta.userId, currentUser(ctx.state).id));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { meta: { huggingface_token: row?.huggingfaceToken ?? null } };
  });

  router.put('user-meta.update', '/user/meta', requireUser, async (ctx) => {
    const body = parse(updateUserMetaBody, ctx.request.body, 'user meta');
    const token = body.huggingface_token || null;
    await db
      .insert(userMeta)
      .values({ userId: currentUser(ctx.state).id, huggingfaceToken: token })
      .onConflictDoUpdate({ target: userMeta.userId, set: { huggingfaceToken: token, updatedAt: sql`now()` } });
    ctx.body = { meta: { huggingface_token: token } };
  });

  return router;
}
