import fs from 'node:fs';
import { suiteLogDir } from './suite-logs';

/** Vitest global setup: each run starts with an empty server-log folder (scripts/scan-test-logs.ts reads it after the run). */
export function setup(): void {
  fs.rmSync(suiteLogDir, { recursive: true, force: true });
  fs.mkdirSync(suiteLogDir, { recursive: true });
}
