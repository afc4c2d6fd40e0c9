/**
 * `npm test`'s step after the unit/integration run: every server log the suite wrote
 * (test-results/server-logs: in-process test servers and the fault tests' child servers) is scanned
 * for tokens, licence keys, API keys, private keys and the dev passwords. Any finding fails the run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { findSecrets } from '../test/support/secret-scan';
import { defaultDevUsers } from '../test/support/server';
import { suiteLogDir } from '../test/support/suite-logs';

const passwords = defaultDevUsers.split(',').map((entry) => entry.split(':')[1] ?? '');
let bytes = 0;
let files = 0;
const findings: string[] = [];
for (const name of fs.existsSync(suiteLogDir) ? fs.readdirSync(suiteLogDir) : []) {
  const text = fs.readFileSync(path.join(suiteLogDir, name), 'utf8');
  bytes += text.length;
  files++;
  for (const f of findSecrets(text, passwords)) findings.push(`${name}:${f.line} ${f.label} (${f.excerpt})`);
}
console.log(`server log scan: ${files} files, ${(bytes / 1024 / 1024).toFixed(1)} MiB of the suite's server logs, ${findings.length} findings`);
if (files === 0) {
  console.error('no server logs found: run the unit/integration suite first');
  process.exitCode = 1;
} else if (findings.length) {
  console.error(`secrets in the suite's server logs:\n${findings.slice(0, 30).join('\n')}`);
  process.exitCode = 1;
}
