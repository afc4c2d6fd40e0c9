/**
 * `npm run check:containers`: the image as an operator meets it. Builds it from the Dockerfile
 * (making the base images locally when the registry cannot be reached), migrates a fresh
 * PostgreSQL database with the compiled server, starts two replicas on it (each with its own empty
 * data folder, read-only root, numeric user, a PORT other than 3000), signs in on one and calls
 * the other with the same token, creates a deployment on one and reads it on the other, and stops
 * both. Needs a container engine and PostgreSQL at 127.0.0.1:5432 (or CHECK_POSTGRES_URL).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { deploymentsContract } from '../shared/api/deployments';
import { defaultBrand } from '../shared/brand';
import { api } from '../server/test-support/api-client';
import { createPostgresDatabase } from '../server/test-support/postgres';
import { signIn } from '../server/test-support/sign-in';
import { call } from '../server/test-support/typed-client';

const root = path.resolve(import.meta.dirname, '..');
const image = process.env.CHECK_IMAGE ?? 'launchpad:check';
const started = performance.now();
const since = (t: number) => `${((performance.now() - t) / 1000).toFixed(1)} s`;
const say = (line: string) => process.stdout.write(`${line}\n`);
const docker = (...args: string[]) => execFileSync('docker', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

if (spawnSync('docker', ['info'], { stdio: 'ignore' }).status !== 0) {
  say('check:containers needs a running container engine (docker info failed)');
  process.exit(1);
}

let t = performance.now();
execFileSync('bash', [path.join(root, 'scripts/container-base-images.sh')], { stdio: 'inherit' });
say(`base images ready (${since(t)})`);
t = performance.now();
const build = spawnSync('docker', ['build', '-t', image, root], { encoding: 'utf8', env: { ...process.env, DOCKER_BUILDKIT: process.env.DOCKER_BUILDKIT ?? '0' } });
if (build.status !== 0) {
  process.stdout.write(build.stdout.split('\n').slice(-40).join('\n'));
  say(`image build failed (${since(t)})`);
  process.exit(1);
}
const sizeMb = Math.round(Number(docker('image', 'inspect', '-f', '{{.Size}}', image)) / 1e6);
say(`image ${image} built in ${since(t)}: ${sizeMb} MB`);

const database = await createPostgresDatabase();
const ports = [3101, 3102];
const names = ports.map((p) => `lp-check-${p}`);
const publicUrl = `http://127.0.0.1:${ports[0]}`;
const env = ['DATABASE_URL', database.url, 'PUBLIC_URL', publicUrl, 'DEV_USERS', 'ops@example.test:check-password:admin', 'LOG_LEVEL', 'warn', 'RELEASES_URL', 'off'];
const envArgs = (extra: string[] = []) => [...env, ...extra].flatMap((v, i, all) => (i % 2 === 0 ? ['-e', `${v}=${all[i + 1]}`] : []));
// As the Helm chart runs it: read-only root, writable /tmp and an empty data folder per replica, numeric user.
const hardened = ['--network', 'host', '--read-only', '--tmpfs', '/tmp', '--tmpfs', '/data:uid=1000,gid=1000', '--cap-drop', 'ALL', '--security-opt', 'no-new-privileges'];
const cleanup = () => {
  for (const n of names) spawnSync('docker', ['rm', '-f', n], { stdio: 'ignore' });
};

try {
  t = performance.now();
  say(docker('run', '--rm', ...hardened, ...envArgs(), image, 'node', 'dist/server/migrate.mjs') + ` (${since(t)})`);
  t = performance.now();
  ports.forEach((port, i) => docker('run', '-d', '--name', names[i] ?? '', ...hardened, ...envArgs(['PORT', String(port)]), image));
  const urls = ports.map((p) => `http://127.0.0.1:${p}`);
  for (const url of urls) {
    for (let i = 0; ; i++) {
      const ok = await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (i > 120) throw new Error(`${url} not ready after 60 s:\n${docker('logs', names[urls.indexOf(url)] ?? '')}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  say(`two replicas ready on one PostgreSQL (${since(t)})`);
  for (const n of names) {
    for (let i = 0; docker('inspect', '-f', '{{.State.Health.Status}}', n) !== 'healthy'; i++) {
      if (i > 60) throw new Error(`${n}: HEALTHCHECK not healthy on PORT ${n.slice(-4)}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  say('both report healthy (HEALTHCHECK on their PORT, 3101 and 3102)');
  const logs = names.map((n) => execFileSync('docker', ['logs', n], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })).join('\n');
  if (/password:/.test(logs)) throw new Error('a replica printed a password under NODE_ENV=production');
  say('no password in the logs (NODE_ENV=production)');

  const [a, b] = urls.map((url) => ({ url })) as [{ url: string }, { url: string }];
  const { accessToken: token } = await signIn(a, 'ops@example.test', 'check-password');
  const onB = await api(b, '/api/deployments', { token });
  if (onB.status !== 200) throw new Error(`the token from ${a.url} got ${onB.status} on ${b.url}`);
  say(`signed in on ${a.url}; the same token is accepted by ${b.url}`);

  const d = deploymentsContract(defaultBrand);
  const { id } = await call(a, d.create, { body: { configId: 'trial_vm_hetzner', name: 'check', timeoutMins: null } }, { token });
  const read = await call(b, d.get, { params: { id } }, { token });
  say(`deployment ${id} created on ${a.url}, read on ${b.url} (status ${read.status})`);
  const removed = await api(b, `/api/deployments/${id}`, { method: 'DELETE', token });
  say(`deleted through ${b.url}: ${removed.status}`);

  for (const n of names) {
    t = performance.now();
    docker('stop', '-t', '15', n);
    say(`${n} stopped in ${since(t)} (exit ${docker('inspect', '-f', '{{.State.ExitCode}}', n)})`);
  }
  say(`check:containers passed in ${since(started)} (image ${sizeMb} MB)`);
} finally {
  cleanup();
  await database.drop();
}
