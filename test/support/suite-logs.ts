import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino, { type DestinationStream } from 'pino';

/**
 * Where every test server of a run writes its log (info level), one file per test process, so the
 * step after the run can scan the whole suite's logs for secrets (scripts/scan-test-logs.ts).
 * `TEST_SERVER_LOG_DIR` moves it (each run empties the folder: runs sharing a checkout use their own).
 */
export const suiteLogDir = process.env.TEST_SERVER_LOG_DIR
  ? path.resolve(process.env.TEST_SERVER_LOG_DIR)
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/server-logs');

let destination: DestinationStream | undefined;

/** This test process's log file, opened on first use. */
export function suiteLogDestination(): DestinationStream {
  destination ??= pino.destination({ dest: path.join(suiteLogDir, `server-${process.pid}.log`), mkdir: true, sync: true });
  return destination;
}

/**
 * For servers run as child processes (fault tests): their log lines join the scan. The start-up
 * banner (the address, and on a development install the generated dev accounts for the person at
 * the console) is not a log line and is left out.
 */
export function keepChildLog(name: string, output: string): void {
  fs.mkdirSync(suiteLogDir, { recursive: true });
  const logLines = output.split('\n').filter((line) => line.startsWith('{'));
  fs.appendFileSync(path.join(suiteLogDir, `child-${process.pid}-${name}.log`), logLines.join('\n'));
}
