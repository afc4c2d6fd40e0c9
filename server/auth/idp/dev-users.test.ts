import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { resolveDevUsers } from './dev-users';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-dev-users-'));
const database = await openDatabase({ url: undefined, dataDir: dir });
afterAll(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('development accounts', () => {
  it('keep the passwords an earlier release wrote into the data folder, on every later start', async () => {
    const earlier = [
      { email: 'user@launchpad.local', password: 'known-user-password', admin: false },
      { email: 'admin@launchpad.local', password: 'known-admin-password', admin: true },
    ];
    fs.writeFileSync(path.join(dir, 'dev-users.json'), JSON.stringify(earlier));
    const first = await resolveDevUsers({ configured: undefined, production: false, db: database.db, dataDir: dir });
    expect(first.map((u) => u.password)).toEqual(['known-user-password', 'known-admin-password']);
    fs.rmSync(path.join(dir, 'dev-users.json'));
    const again = await resolveDevUsers({ configured: undefined, production: false, db: database.db, dataDir: dir });
    expect(again.map((u) => u.password)).toEqual(['known-user-password', 'known-admin-password']);
  });

  it('are none in production unless DEV_USERS names them', async () => {
    expect(await resolveDevUsers({ configured: undefined, production: true, db: database.db, dataDir: dir })).toEqual([]);
  });
});
