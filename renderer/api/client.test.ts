import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, setAccountSource } from './client';

const teamId = '11111111-2222-4333-8444-555555555555';

function fetchAnswering(status: number, body: unknown, headers: Record<string, string> = {}) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const sentHeaders = (fetch: ReturnType<typeof fetchAnswering>) => fetch.mock.calls[0]?.[1].headers as Record<string, string>;

afterEach(() => {
  vi.unstubAllGlobals();
  setAccountSource({ current: () => undefined, refused: () => undefined, answeredAs: () => undefined });
});

describe('the account a request acts in (issue 34)', () => {
  it('sends no X-Account in the personal account', async () => {
    const fetch = fetchAnswering(200, { ok: true });
    await apiRequest('/api/deployments');
    expect(sentHeaders(fetch)).not.toHaveProperty('X-Account');
  });

  it("sends the team's id as X-Account when the tab works in a team", async () => {
    setAccountSource({ current: () => teamId, refused: () => undefined, answeredAs: () => undefined });
    const fetch = fetchAnswering(200, { ok: true });
    await apiRequest('/api/deployments');
    expect(sentHeaders(fetch)['X-Account']).toBe(teamId);
  });

  it('leaves it out of requests about the person (who am I, my teams)', async () => {
    setAccountSource({ current: () => teamId, refused: () => undefined, answeredAs: () => undefined });
    const fetch = fetchAnswering(200, { ok: true });
    await apiRequest('/api/auth/me', { asPerson: true });
    expect(sentHeaders(fetch)).not.toHaveProperty('X-Account');
  });

  it('reports a 403 in the team, so the membership is checked again', async () => {
    const refused = vi.fn();
    setAccountSource({ current: () => teamId, refused, answeredAs: () => undefined });
    fetchAnswering(403, { error: 'You are not a member of this team' });
    await expect(apiRequest('/api/deployments')).rejects.toThrow(new ApiError(403, { error: 'You are not a member of this team' }));
    expect(refused).toHaveBeenCalledOnce();
  });

  it('does not report a 403 of the personal account', async () => {
    const refused = vi.fn();
    setAccountSource({ current: () => undefined, refused, answeredAs: () => undefined });
    fetchAnswering(403, { error: 'Admins only' });
    await expect(apiRequest('/api/admin/x')).rejects.toThrow('Admins only');
    expect(refused).not.toHaveBeenCalled();
  });

  it('passes on the role the server names for the team (a role change reaches the tab without reload)', async () => {
    const answeredAs = vi.fn();
    setAccountSource({ current: () => teamId, refused: () => undefined, answeredAs });
    fetchAnswering(200, { ok: true }, { 'X-Account-Role': 'billing' });
    await apiRequest('/api/deployments');
    expect(answeredAs).toHaveBeenCalledWith('billing');
  });
});
