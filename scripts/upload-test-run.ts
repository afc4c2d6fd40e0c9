/**
 * Uploads a sample test run the way the platform's CI does: `POST /api/ci/test-results` with the
 * shared secret in `X-CI-Secret` and multipart fields (curl -F) plus an `artifacts` zip.
 *
 *   npm run ci:upload-sample -- --url http://localhost:3000 --secret "$CI_SECRET" [--test-type smoke]
 *     [--status passed|failed|running] [--branch main] [--build-number 42] [--zip results.zip]
 *     [--running-first] [--curl]
 *
 * URL and secret also come from LAUNCHPAD_URL and CI_SECRET (or the CI's CI_SHARED_SECRET).
 * --running-first reports the run as running, then completes it with a second upload.
 * --curl sends it with curl itself, exactly as the CI script does.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { sampleArtifactsZip } from '../test/support/sample-artifacts';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.LAUNCHPAD_URL ?? 'http://localhost:3000' },
    secret: { type: 'string', default: process.env.CI_SECRET ?? process.env.CI_SHARED_SECRET },
    'test-type': { type: 'string', default: 'oauth_integration' },
    status: { type: 'string', default: 'passed' },
    branch: { type: 'string', default: process.env.DRONE_BRANCH ?? 'main' },
    'build-number': { type: 'string', default: process.env.DRONE_BUILD_NUMBER ?? String(Math.floor(Date.now() / 1000)) },
    commit: { type: 'string', default: process.env.DRONE_COMMIT ?? randomBytes(20).toString('hex') },
    duration: { type: 'string', default: '95' },
    zip: { type: 'string' },
    'running-first': { type: 'boolean', default: false },
    curl: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (args.help) {
  console.log(fs.readFileSync(new URL(import.meta.url), 'utf8').split('*/')[0]);
  process.exit(0);
}
if (!args.secret) {
  console.error('No CI secret: pass --secret or set CI_SECRET (the server must have the same CI_SECRET).');
  process.exit(2);
}
const secret = args.secret;
const uploadUrl = `${args.url.replace(/\/+$/, '')}/api/ci/test-results`;

function fieldsFor(status: string): Record<string, string> {
  const failed = status === 'failed';
  return {
    branch: args.branch,
    commit: args.commit,
    build_number: args['build-number'],
    build_url: `https://ci.example.com/helixml/helix/${args['build-number']}`,
    test_type: args['test-type'],
    status,
    duration: status === 'running' ? 'unknown' : args.duration,
    exit_code: status === 'running' ? 'unknown' : failed ? '1' : '0',
  };
}

async function viaFetch(fields: Record<string, string>, zip: Uint8Array | undefined): Promise<{ status: number; body: string }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (zip) form.set('artifacts', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), `${fields.test_type}-artifacts.zip`);
  const res = await fetch(uploadUrl, { method: 'POST', headers: { 'X-CI-Secret': secret }, body: form });
  return { status: res.status, body: await res.text() };
}

async function viaCurl(fields: Record<string, string>, zip: Uint8Array | undefined): Promise<{ status: number; body: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-upload-'));
  try {
    const argv = ['-sS', '-X', 'POST', '-H', `X-CI-Secret: ${secret}`, '-w', '\n%{http_code}'];
    for (const [k, v] of Object.entries(fields)) argv.push('--form-string', `${k}=${v}`);
    if (zip) {
      const file = path.join(dir, `${fields.test_type}-artifacts.zip`);
      fs.writeFileSync(file, zip);
      argv.push('-F', `artifacts=@${file};type=application/zip`);
    }
    argv.push(uploadUrl);
    const { stdout } = await promisify(execFile)('curl', argv, { maxBuffer: 16 * 1024 * 1024 });
    const cut = stdout.lastIndexOf('\n');
    return { status: Number(stdout.slice(cut + 1)), body: stdout.slice(0, cut) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function send(status: string, zip: Uint8Array | undefined): Promise<string> {
  const fields = fieldsFor(status);
  const shown = Object.entries(fields).map(([k, v]) => `-F '${k}=${v}'`);
  console.log(`curl -X POST -H 'X-CI-Secret: ***' ${shown.join(' ')}${zip ? " -F 'artifacts=@artifacts.zip'" : ''} '${uploadUrl}'`);
  const res = await (args.curl ? viaCurl : viaFetch)(fields, zip);
  if (res.status !== 200 && res.status !== 201) {
    console.error(`Upload failed with ${res.status}: ${res.body}`);
    process.exit(1);
  }
  const run = JSON.parse(res.body) as { id: string; status: string; artifacts: unknown[]; screenshot_count: number };
  console.log(`${res.status === 201 ? 'Created' : 'Updated'} test run ${run.id}: ${run.status}, ${run.artifacts.length} artifacts, ${run.screenshot_count} screenshots`);
  return run.id;
}

const zip = args.zip ? new Uint8Array(fs.readFileSync(args.zip)) : sampleArtifactsZip({ testType: args['test-type'], status: args.status });
if (args['running-first']) await send('running', undefined);
const id = await send(args.status, args.status === 'running' ? undefined : zip);
console.log(`Open it at ${args.url.replace(/\/+$/, '')}/test-dashboard?run=${id}`);
