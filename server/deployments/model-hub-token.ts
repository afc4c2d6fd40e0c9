import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userMeta } from '../db/schema';

/** The account's saved model-hub token (a team's deployments use the team's), or undefined. */
export async function modelHubTokenOf(db: Db, accountId: string): Promise<string | undefined> {
  const [row] = await db.select({ token: userMeta.huggingfaceToken }).from(userMeta).where(eq(userMeta.userId, accountId));
  return row?.token || undefined;
}

/** What a GPU deployment without a token cannot do, in its events. */
export const noModelHubTokenEvent =
  'No model-hub token is saved for this account: gated models (Llama, Mistral and others that need an accepted license) will not download and public downloads are rate-limited. Save a token in the GPU Instance form and create the deployment again.';
