import fs from 'node:fs';
import { dropStalePostgresDatabases } from './postgres';
import { suiteLogDir } from './suite-logs';

/**
 * Vitest global setup: each run starts with an empty server-log folder (scripts/scan-test-logs.ts
 * reads it after the run), and without the PostgreSQL test databases that killed runs left.
 */
export async function setup(): Promise<void> {
  fs.rmSync(suiteLogDir, { recursive: true, force: true });
  fs.mkdirSync(suiteLogDir, { recursive: true });
  await dropStalePostgresDatabases();
}
