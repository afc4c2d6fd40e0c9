import type { KoaContextWithOIDC } from 'oidc-provider';

/**
 * For loadExistingGrant: the grant the signed-in account already gave the client, or a new empty
 * one to fill; undefined when the request has no client or no signed-in account.
 */
export async function existingOrNewGrant(ctx: KoaContextWithOIDC) {
  const clientId = ctx.oidc.client?.clientId;
  const accountId = ctx.oidc.session?.accountId;
  if (!clientId || !accountId) return undefined;
  const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(clientId);
  return (grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined) ?? new ctx.oidc.provider.Grant({ clientId, accountId });
}
