/**
 * `npm run check:containers`: the image as an operator meets it. Builds it from the Dockerfile
 * (making the base images locally when the registry cannot be reached; a TLS-inspecting proxy's
 * certificate authority and HTTP(S)_PROXY go to the build stage as build arguments, and the check
 * makes sure the image keeps neither), migrates a fresh PostgreSQL database with the compiled
 * server, starts two replicas on it and on one data volume (read-only root, numeric user, a PORT
 * other than 3000), signs in on one and calls the other with the same token, creates a deployment
 * on one and reads it on the other, shows a user why a Trial VM cannot start in a container, and
 * stops both. Needs a container engine and PostgreSQL at 127.0.0.1:5432 (or CHECK_POSTGRES_URL).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { deploymentsContract } from '../shared/api/deployments';
import { defaultBrand } from '../shared/brand';
import { api } from '../test/support/api-client';
import { createPostgresDatabase } from '../test/support/postgres';
import { signIn } from '../test/support/sign-in';
import { call } from '../test/support/typed-client';

const root = path.resolve(import.meta.dirname, '..');
const image = process.env.CHECK_IMAGE ?? 'launchpad:check';
const started = performance.now();
const since = (t: number) => `${((performance.now() - t) / 1000).toFixed(1)} s`;
const say = (line: string) => process.stdout.write(`${line}\n`);
const docker = (...args: string[]) => execFileSync('docker', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
/** what a container wrote, both streams */
const logsOf = (name: string) => {
  const r = spawnSync('docker', ['logs', name], { encoding: 'utf8' });
  return `${r.stdout}${r.stderr}`;
};

if (spawnSync('docker', ['info'], { stdio: 'ignore' }).status !== 0) {
  say('check:containers needs a running container engine (docker info failed)');
  process.exit(1);
}

let t = performance.now();
execFileSync('bash', [path.join(root, 'scripts/container-base-images.sh')], { stdio: 'inherit' });
say(`base images ready (${since(t)})`);
t = performance.now();
const ca = execFileSync('node', [path.join(root, 'scripts/build-ca.mjs')], { encoding: 'utf8' }).trim();
const proxyVars = ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy'].filter((v) => process.env[v]);
// Docker takes a bare --build-arg's value from this environment; a proxy on this host's loopback needs its network.
const buildArgs = [...(ca ? ['--build-arg', `BUILD_CA=${ca}`] : []), ...proxyVars.flatMap((v) => ['--build-arg', v]), ...(proxyVars.length ? ['--network', 'host'] : [])];
if (ca || proxyVars.length)
  say(`build stage gets ${ca.match(/BEGIN CERTIFICATE/g)?.length ?? 0} extra certificate authorities${proxyVars.length ? ` and ${proxyVars.join(', ')}` : ''} as build arguments`);
const build = spawnSync('docker', ['build', ...buildArgs, '-t', image, root], { encoding: 'utf8', env: { ...process.env, DOCKER_BUILDKIT: process.env.DOCKER_BUILDKIT ?? '0' } });
if (build.status !== 0) {
  process.stdout.write(build.stdout.split('\n').slice(-40).join('\n'));
  say(`image build failed (${since(t)})`);
  process.exit(1);
}
const buildTime = since(t);
const sizeMb = Math.round(Number(docker('image', 'inspect', '-f', '{{.Size}}', image)) / 1e6);
say(`image ${image} built in ${buildTime}: ${sizeMb} MB`);
const carried = [docker('history', '--no-trunc', '--format', '{{.CreatedBy}}', image), docker('image', 'inspect', '-f', '{{json .Config.Env}}', image)].join('\n');
const inImage = spawnSync('docker', ['run', '--rm', '--entrypoint', 'sh', image, '-c', 'ls /tmp; env'], { encoding: 'utf8' }).stdout;
if (/BUILD_CA|BEGIN CERTIFICATE|_PROXY=|build-ca/i.test(carried + inImage)) throw new Error("the image carries the build stage's certificate authority or proxy");
say('the image carries no build argument (certificate authority, proxy)');

const database = await createPostgresDatabase();
const ports = [3101, 3102];
const names = ports.map((p) => `lp-check-${p}`);
const publicUrl = `http://127.0.0.1:${ports[0]}`;
const volume = `lp-check-data-${process.pid}`;
const users = 'ops@example.test:check-password:admin,user@example.test:check-user-password';
const env = ['DATABASE_URL', database.url, 'PUBLIC_URL', publicUrl, 'DEV_USERS', users, 'LOG_LEVEL', 'warn', 'RELEASES_URL', 'off'];
const envArgs = (extra: string[] = []) => [...env, ...extra].flatMap((v, i, all) => (i % 2 === 0 ? ['-e', `${v}=${all[i + 1]}`] : []));
// Hardened as the Helm chart runs it (read-only root, writable /tmp, numeric user, no capabilities);
// one data volume for both, as compose.yaml shares it.
const hardened = ['--network', 'host', '--read-only', '--tmpfs', '/tmp', '-v', `${volume}:/data`, '--cap-drop', 'ALL', '--security-opt', 'no-new-privileges'];
const cleanup = () => {
  for (const n of names) spawnSync('docker', ['rm', '-f', n], { stdio: 'ignore' });
  spawnSync('docker', ['volume', 'rm', '-f', volume], { stdio: 'ignore' });
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
      if (i > 120) throw new Error(`${url} not ready after 60 s:\n${logsOf(names[urls.indexOf(url)] ?? '')}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  say(`two replicas ready on one PostgreSQL and one data volume (${since(t)} from docker run)`);
  for (const n of names) {
    for (let i = 0; docker('inspect', '-f', '{{.State.Health.Status}}', n) !== 'healthy'; i++) {
      if (i > 60) throw new Error(`${n}: HEALTHCHECK not healthy on PORT ${n.slice(-4)}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  say('both report healthy (HEALTHCHECK on their PORT, 3101 and 3102)');
  const logs = names.map(logsOf).join('\n');
  if (/password:|check-password|check-user-password/.test(logs)) throw new Error('a replica printed a password under NODE_ENV=production');
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

  // A container cannot give a local machine its sandbox (Docker's default profile refuses user
  // namespaces): a user is told why, in the words the Trial VM card shows.
  const { accessToken: userToken } = await signIn(a, 'user@example.test', 'check-user-password');
  const refused = await api(b, '/api/deployments', { method: 'POST', token: userToken, body: { configId: 'trial_vm_hetzner', name: 'mine', timeoutMins: null } });
  const reason = String((refused.body as { error?: unknown } | undefined)?.error ?? '');
  if (refused.status !== 403 || !reason.startsWith('Local machines cannot be started here')) throw new Error(`a user's Trial VM: ${refused.status} ${JSON.stringify(refused.body)}`);
  say(`a user's Trial VM in the image: ${refused.status} "${reason}"`);

  for (const n of names) {
    t = performance.now();
    docker('stop', '-t', '15', n);
    say(`${n} stopped in ${since(t)} (exit ${docker('inspect', '-f', '{{.State.ExitCode}}', n)})`);
  }
  say(`check:containers passed in ${since(started)} (image ${sizeMb} MB, built in ${buildTime})`);
} catch (err) {
  for (const n of names)
    say(`--- ${n} (${spawnSync('docker', ['inspect', '-f', '{{.State.Status}} exit {{.State.ExitCode}}', n], { encoding: 'utf8' }).stdout.trim()}):\n${logsOf(n).split('\n').slice(-30).join('\n')}`);
  throw err;
} finally {
  cleanup();
  await database.drop();
}
