import Router from '@koa/router';
import { eq, sql } from 'drizzle-orm';
import { deploymentSettingsContract } from '../../shared/api/deployments';
import type { Db } from '../db/client';
import { userMeta } from '../db/schema';
import { registrar } from '../http/register';
import type { AppState } from '../http/types';

/** Which token is saved, without giving it back: a stolen session or `read` key does not get the model hub account. */
const last4 = (token: string | null | undefined) => (token ? token.slice(-4) : null);

/**
 * GET/PUT /api/user/meta: the account's settings the deployment form needs (the model-hub token).
 * Per account: in a team, the team's token, which its GPU deployments install with.
 */
export function userMetaRoutes(db: Db): Router<AppState> {
  const router = new Router<AppState>();
  const register = registrar(router);
  const c = deploymentSettingsContract;

  register(c.userMeta, async ({ user }, ctx) => {
    const [row] = await db.select().from(userMeta).where(eq(userMeta.userId, user.account.id));
    ctx.set('Cache-Control', 'no-store');
    return { meta: { huggingface_token_last4: last4(row?.huggingfaceToken) } };
  });

  register(c.updateUserMeta, async ({ body, user }) => {
    const token = body.huggingface_token || null;
    await db
      .insert(userMeta)
      .values({ userId: user.account.id, huggingfaceToken: token })
      .onConflictDoUpdate({ target: userMeta.userId, set: { huggingfaceToken: token, updatedAt: sql`now()` } });
    return { meta: { huggingface_token_last4: last4(token) } };
  });

  return router;
}
