import { loadConfig } from '../config';
import { openDatabase } from './client';

/**
 * `tsx server/db/migrate-cli.ts`: applies the migrations and exits (the Helm chart's migration Job).
 * Instances also migrate at start-up under an advisory lock, so this only makes upgrades explicit.
 */
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await database.close();
process.stdout.write(`migrations applied to ${database.kind}\n`);
