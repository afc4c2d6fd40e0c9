import { userInfoContract as c, type UserInfoResponse } from '../../shared/api/user-info';
import { urlOf } from '../../shared/api/route';
import { ApiError, apiRequest } from '../api/client';

/** GET /api/user-info; a non-OK answer throws `HTTP error! status: N` (public-site 7). */
export async function fetchUserInfo(signal?: AbortSignal): Promise<UserInfoResponse> {
  try {
    return await apiRequest(urlOf(c.get), { schema: c.get.responses[200].schema, signal });
  } catch (err) {
    if (err instanceof ApiError) throw new Error(`HTTP error! status: ${err.status}`, { cause: err });
    throw err;
  }
}

/** The error kept when the lookup fails (public-site 8): the thrown message, else a fixed text. */
export function userInfoError(err: unknown): string {
  return err instanceof Error && err.message ? err.message : 'Failed to fetch user info';
}
