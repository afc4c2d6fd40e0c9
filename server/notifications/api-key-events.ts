import { apiKeyPath } from '../../shared/routes/app-paths';
import { accountWords } from './account-words';
import { notify, type NotifyDeps } from './notify';

export interface CreatedKey {
  id: string;
  /** the account the key acts for */
  userId: string;
  name: string;
  prefix: string;
  expiresAt: Date | null;
}

/**
 * A new API key acts for the account until it is revoked: the account hears of it (in a team, its
 * bell names the member and those who manage members are mailed), so a key nobody meant is seen.
 */
export async function apiKeyCreated(deps: NotifyDeps, key: CreatedKey, by: { id: string; email: string }): Promise<boolean> {
  const personal = (await accountWords(deps.db, key.userId)).whose === 'your';
  const who = personal ? 'You' : by.email;
  const until = key.expiresAt ? `until it expires or is revoked` : 'until it is revoked';
  return notify(deps, {
    userId: key.userId,
    kind: 'api_key_created',
    dedupeKey: `api_key_created:${key.id}`,
    title: `API key ${key.name} was created`,
    body: `${who} created the API key "${key.name}" (${key.prefix}…). It can act for ${personal ? 'your account' : 'the team'} ${until}. If nobody meant to create it, revoke it on the Account page.`,
    link: apiKeyPath(key.id),
    actorId: by.id,
  });
}
