import * as oidc from 'openid-client';

/**
 * RFC 7009: revokes a refresh token at the revocation endpoint the issuer's discovery names, so a
 * sign-out ends it whether or not the end-session page sees the provider's cookie. The web app
 * calls it on sign-out; the desktop app's main process can call the same (it holds its tokens
 * there). An issuer without the endpoint, or a failure, answers false (logged), never throws:
 * signing out goes on.
 */
export async function revokeRefreshToken(config: oidc.Configuration, refreshToken: string): Promise<boolean> {
  if (!config.serverMetadata().revocation_endpoint) return false;
  try {
    await oidc.tokenRevocation(config, refreshToken, { token_type_hint: 'refresh_token' });
    return true;
  } catch (err) {
    console.error('Revoking the refresh token failed', err);
    return false;
  }
}
