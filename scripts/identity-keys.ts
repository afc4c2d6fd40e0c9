import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadIdentityKeys } from '../server/auth/idp/keys';

/**
 * `npx tsx scripts/identity-keys.ts > identity-keys.json`: one key set for every replica of a
 * cluster that uses the embedded identity provider (mounted into DATA_DIR from a Secret).
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-keys-'));
await loadIdentityKeys(dir);
process.stdout.write(fs.readFileSync(path.join(dir, 'identity-keys.json'), 'utf8'));
fs.rmSync(dir, { recursive: true, force: true });
