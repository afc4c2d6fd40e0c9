import fs from 'node:fs';
import path from 'node:path';
import { verifyLicenseKey } from '../../shared/licenses/key';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { licenseKeyPem, loadLicenseSigner } from './signing-key';

/**
 * `npm run license:verify -- KEY [--public-key FILE]`: checks a key exactly as installations do.
 * Without --public-key it uses this Launchpad's key (LICENSE_PRIVATE_KEY or the one in its database).
 */
async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf('--public-key');
  const publicKeyFile = at >= 0 ? args[at + 1] : undefined;
  const key = args.find((a, i) => !a.startsWith('--') && (at < 0 || i !== at + 1));
  if (!key) {
    process.stderr.write('usage: npm run license:verify -- KEY [--public-key FILE]\n');
    process.exit(2);
  }
  const config = loadConfig();
  const pem = publicKeyFile ? fs.readFileSync(publicKeyFile, 'utf8') : loadLicenseSigner(await ownKeyPem(config)).publicKeyPem;
  const result = await verifyLicenseKey(key, pem);
  if (!result.ok) {
    process.stdout.write(`INVALID: ${result.reason}\n`);
    process.exit(1);
  }
  process.stdout.write(`${result.expired ? 'EXPIRED' : 'VALID'}\n${JSON.stringify(result.data, null, 2)}\n`);
  process.exit(result.expired ? 1 : 0);
}

async function ownKeyPem(config: ReturnType<typeof loadConfig>): Promise<string> {
  const dataDir = path.resolve(config.dataDir);
  const database = await openDatabase({ url: config.databaseUrl, dataDir });
  try {
    return await licenseKeyPem({ configured: config.licensePrivateKey, db: database.db, dataDir });
  } finally {
    await database.close();
  }
}

void main();
