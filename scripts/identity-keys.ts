import { newIdentityKeys } from '../server/auth/idp/keys';

/**
 * `npx tsx scripts/identity-keys.ts`: one key set (IDENTITY_KEYS) for every instance, for setups
 * that keep keys in configuration (a Secret) rather than in the database.
 */
process.stdout.write(`${JSON.stringify(await newIdentityKeys())}\n`);
