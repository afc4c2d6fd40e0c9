import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DevUser } from '../../config';

export interface DevAccount extends DevUser {
  /** stable subject for the account, derived from the email */
  id: string;
}

const accountId = (email: string) => `dev-${createHash('sha256').update(email).digest('hex').slice(0, 20)}`;

/**
 * The embedded identity provider's accounts: DEV_USERS when set; otherwise one user and one
 * admin whose passwords are generated on first start and kept in the data folder.
 */
export function resolveDevUsers(configured: DevUser[] | undefined, dataDir: string | undefined): DevAccount[] {
  const users = configured ?? generatedUsers(dataDir);
  return users.map((u) => ({ ...u, id: accountId(u.email) }));
}

function generatedUsers(dataDir: string | undefined): DevUser[] {
  const file = dataDir ? path.join(dataDir, 'dev-users.json') : undefined;
  if (file && fs.existsSync(file)) {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as DevUser[];
  }
  const password = () => randomBytes(9).toString('base64url');
  const users: DevUser[] = [
    { email: 'user@launchpad.local', password: password(), admin: false },
    { email: 'admin@launchpad.local', password: password(), admin: true },
  ];
  if (file) fs.writeFileSync(file, JSON.stringify(users, null, 2), { mode: 0o600 });
  return users;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

export function checkPassword(accounts: DevAccount[], email: string, password: string): DevAccount | undefined {
  const account = accounts.find((a) => a.email === email.trim().toLowerCase());
  // Compare digests so the time taken does not depend on how much of the password matched.
  const ok = timingSafeEqual(digest(account?.password ?? randomBytes(16).toString('hex')), digest(password));
  return account && ok ? account : undefined;
}
