import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DevUser } from '../../config';
import type { Db } from '../../db/client';
import { sharedSetting } from '../../db/shared-setting';

export interface DevAccount extends DevUser {
  /** stable subject for the account, derived from the email */
  id: string;
}

const accountId = (email: string) => `dev-${createHash('sha256').update(email).digest('hex').slice(0, 20)}`;

/**
 * The embedded identity provider's accounts: DEV_USERS when set. Otherwise, outside production,
 * one user and one admin whose passwords are generated on the first start and kept in the
 * database (every instance knows the same ones); in production (NODE_ENV=production) none.
 */
export async function resolveDevUsers(o: { configured: DevUser[] | undefined; production: boolean; db: Db; dataDir?: string | undefined }): Promise<DevAccount[]> {
  const users = o.configured ?? (o.production ? [] : await generatedUsers(o.db, o.dataDir));
  return users.map((u) => ({ ...u, id: accountId(u.email) }));
}

/** A data folder of a release before the database kept them: its passwords stay the ones people know. */
function earlierFile(dataDir: string | undefined): string | undefined {
  const file = dataDir ? path.join(dataDir, 'dev-users.json') : undefined;
  if (!file || !fs.existsSync(file)) return undefined;
  const users: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  const valid = Array.isArray(users) && users.every((u) => typeof u?.email === 'string' && typeof u?.password === 'string');
  return valid ? JSON.stringify(users) : undefined;
}

async function generatedUsers(db: Db, dataDir: string | undefined): Promise<DevUser[]> {
  const password = () => randomBytes(9).toString('base64url');
  const { value } = await sharedSetting(
    db,
    'dev_users',
    () =>
      earlierFile(dataDir) ??
      JSON.stringify([
        { email: 'user@launchpad.local', password: password(), admin: false },
        { email: 'admin@launchpad.local', password: password(), admin: true },
      ]),
  );
  return JSON.parse(value) as DevUser[];
}

const digest = (s: string) => createHash('sha256').update(s).digest();

export function checkPassword(accounts: DevAccount[], email: string, password: string): DevAccount | undefined {
  const account = accounts.find((a) => a.email === email.trim().toLowerCase());
  // Compare digests so the time taken does not depend on how much of the password matched.
  const ok = timingSafeEqual(digest(account?.password ?? randomBytes(16).toString('hex')), digest(password));
  return account && ok ? account : undefined;
}
