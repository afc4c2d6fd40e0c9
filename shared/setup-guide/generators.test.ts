import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load } from 'js-yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { initialSetupConfig, type SetupConfig, withExternalPgvector, withExternalPostgres } from './config';
import { envFile } from './env-file';
import { type HelmValues, helmValuesObject, helmValuesYaml, runnerImageTag } from './helm-values';
import { installerArgv, runInstallerArgs } from '../marketing/install-sh-grammar';
import { serverInstallCommand } from './installer';
import { kubectlSecretCommands, quoteArg } from './kubectl-secrets';

/** Every character a shell or YAML might trip over. */
const nasty = `p$HOME 'q' "d" !x \`id\` \\n #c: - *a &b {x} [y] %z`;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'setup-guide-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function base(over: Partial<SetupConfig> = {}): SetupConfig {
  return { ...initialSetupConfig('acme', '2.12.2'), ...over };
}

function bash(script: string): string {
  return execFileSync('bash', ['-c', script], { cwd: tmp, encoding: 'utf8' });
}

type Cases = [name: string, config: SetupConfig][];
const cases: Cases = [
  ['defaults', base()],
  ['domain, large runner, admins', base({ accessMethod: 'domain', domain: 'ai.example.com', runnerImageSize: 'large', adminUserIds: 'u1, u2' })],
  ['external databases', withExternalPgvector(withExternalPostgres(base({ postgresHost: 'db.internal', pgvectorHost: 'vec.internal', pgvectorPort: 6543 }), true), true)],
  ['hostile values', base({ licenseKey: nasty, huggingFaceToken: nasty, keycloakUser: nasty, postgresPassword: nasty, keycloakPassword: nasty, imageTag: nasty, adminUserIds: nasty })],
  ['yaml look-alikes', base({ licenseKey: 'yes', imageTag: '2.10', keycloakUser: 'null', adminUserIds: 'true' })],
];

describe('helm values', () => {
  it.each(cases)('%s: parses and round-trips the chosen values', (_name, c) => {
    const yaml = helmValuesYaml(c, 'Acme');
    const parsed = load(yaml) as HelmValues;
    expect(parsed).toEqual(helmValuesObject(c));
    expect(parsed.image.tag).toBe(c.imageTag.trim());
    expect(parsed.controlplane.licenseKey).toBe(c.licenseKey.trim());
    expect(parsed.keycloak.auth.adminUser).toBe(c.keycloakUser.trim());
    expect(parsed.runner.image.tag).toBe(runnerImageTag(c));
  });

  it('has the spec constants', () => {
    const v = helmValuesObject(base());
    expect(v.global.serverUrl).toBe('http://localhost:8080');
    expect(v.service.port).toBe(8080);
    expect(v.persistence.size).toBe('100Gi');
    expect(v.pgvector).toMatchObject({ enabled: true, persistence: { size: '50Gi' } });
    expect(v.postgresql.port).toBe(5432);
    expect(v.controlplane.rag).toMatchObject({ embeddingsDimensions: 1536, chunkSize: 1000, chunkOverlap: 50, chunkUnit: 'word' });
    expect(v.controlplane.admin.userIds).toBe('all');
    expect(v.runner).toEqual({ imageSize: 'small', image: { tag: '2.12.2-small' } });
  });

  it.each([
    ['domain', base({ accessMethod: 'domain', domain: 'ai.example.com' }), 'https://ai.example.com'],
    ['localhost', base(), 'http://localhost:8080'],
  ])('server URL for %s', (_n, c, url) => {
    expect(helmValuesObject(c).global.serverUrl).toBe(url);
  });

  it('external databases: no built-in storage, hosts and the vector extension note', () => {
    const c = cases[2]![1];
    const v = helmValuesObject(c);
    expect(v.postgresql).toMatchObject({ enabled: false, external: { host: 'db.internal', port: 5432 } });
    expect(v.pgvector).toMatchObject({ enabled: false, external: { host: 'vec.internal', port: 6543, user: 'postgres', database: 'postgres' } });
    expect(helmValuesYaml(c, 'Acme')).toContain('vectorchord and vectorchord-bm25');
  });

  it('never writes a password into the values file', () => {
    const c = base({ keycloakPassword: 'kc-secret-1', postgresPassword: 'pg-secret-2', pgvectorPassword: 'vec-secret-3' });
    const yaml = helmValuesYaml(c, 'Acme');
    for (const secret of ['kc-secret-1', 'pg-secret-2', 'vec-secret-3', c.runnerToken]) expect(yaml).not.toContain(secret);
  });
});

/** kubectl replaced by a function that prints each argument on its own NUL-terminated record. */
function runKubectl(script: string): string[][] {
  const out = bash(`kubectl() { printf '%s\\0' "$@"; printf '\\n--END--\\0'; }\n${script.replace('set -euo pipefail', '')}`);
  return out
    .split('\n--END--\0')
    .filter((s) => s !== '')
    .map((s) => s.split('\0').filter((x, i, a) => i < a.length - 1 || x !== ''));
}

describe('kubectl secret commands', () => {
  it.each(cases)('%s: survive a real bash run with every value intact', (_name, c) => {
    const calls = runKubectl(kubectlSecretCommands(c));
    const byName = new Map(calls.map((args) => [args[3], args.slice(4)]));
    expect(calls.every((a) => a.slice(0, 3).join(' ') === 'create secret generic')).toBe(true);
    expect(byName.get('postgresql-auth-secret')).toContain(`--from-literal=password=${c.postgresPassword}`);
    expect(byName.get('keycloak-auth-secret')).toEqual([`--from-literal=admin-user=${c.keycloakUser.trim()}`, `--from-literal=admin-password=${c.keycloakPassword}`]);
    expect(byName.get('runner-token-secret')).toEqual([`--from-literal=token=${c.runnerToken}`]);
    expect(byName.has('hf-token-secret')).toBe(c.huggingFaceToken.trim() !== '');
  });

  it('a password with $, quotes, spaces and ! arrives unchanged', () => {
    const password = `a$b 'c' "d" !e`;
    const calls = runKubectl(kubectlSecretCommands(base({ keycloakPassword: password })));
    expect(calls.find((a) => a[3] === 'keycloak-auth-secret')).toContain(`--from-literal=admin-password=${password}`);
  });

  it.each([
    ['plain', `'plain'`],
    [`it's`, `'it'\\''s'`],
    ['', `''`],
  ])('quoteArg(%j) → %s', (value, quoted) => {
    expect(quoteArg(value)).toBe(quoted);
    expect(bash(`printf %s ${quoted}`)).toBe(value);
  });
});

describe('.env file', () => {
  /** A real parser: bash itself, sourcing the file with allexport. */
  function readEnv(text: string, key: string): string {
    const file = path.join(tmp, `env-${Math.random().toString(36).slice(2)}`);
    fs.writeFileSync(file, text);
    return bash(`set -a; . '${file}'; printf %s "$${key}"`);
  }

  it.each(cases)('%s: bash reads every value back exactly', (_name, c) => {
    const text = envFile(c, 'acme');
    expect(readEnv(text, 'LICENSE_KEY')).toBe(c.licenseKey.trim());
    expect(readEnv(text, 'KEYCLOAK_ADMIN_PASSWORD')).toBe(c.keycloakPassword);
    expect(readEnv(text, 'POSTGRES_PASSWORD')).toBe(c.postgresPassword);
    expect(readEnv(text, 'RUNNER_TOKEN')).toBe(c.runnerToken);
    expect(readEnv(text, 'ACME_IMAGE_TAG')).toBe(c.imageTag.trim());
    expect(readEnv(text, 'HF_TOKEN')).toBe(c.huggingFaceToken.trim());
  });

  it('has the uppercase keys the platform reads', () => {
    const text = envFile(base({ accessMethod: 'domain', domain: 'ai.example.com' }), 'acme');
    const keys = text
      .split('\n')
      .filter((l) => /^[A-Z]/.test(l))
      .map((l) => l.split('=')[0]);
    expect(keys).toEqual(
      expect.arrayContaining(['SERVER_URL', 'LICENSE_KEY', 'HF_TOKEN', 'POSTGRES_PASSWORD', 'KEYCLOAK_ADMIN_PASSWORD', 'RUNNER_TOKEN', 'ADMIN_USER_IDS', 'PGVECTOR_HOST', 'ACME_IMAGE_TAG']),
    );
    expect(readEnv(text, 'SERVER_URL')).toBe('https://ai.example.com');
    expect(readEnv(text, 'PGVECTOR_PORT')).toBe('5432');
  });
});

describe('installer command', () => {
  it.each([
    [base(), 'sudo ./install.sh --controlplane'],
    [base({ accessMethod: 'domain', domain: 'ai.example.com' }), 'sudo ./install.sh --controlplane --api-host https://ai.example.com'],
    [base({ accessMethod: 'domain', domain: '' }), 'sudo ./install.sh --controlplane'],
  ])('%#', (c, tail) => {
    const cmd = serverInstallCommand(c, 'acme');
    expect(cmd.startsWith('curl -sL -O https://get.acmeml.tech/install.sh')).toBe(true);
    expect(cmd.endsWith(tail)).toBe(true);
  });

  it.each([base(), base({ accessMethod: 'domain', domain: 'ai.example.com' }), base({ accessMethod: 'domain', domain: 'https://x.example/path?q' })])(
    'install.sh rule "Unknown option: $1 → exit 1" and its pre-install checks accept the server command (%#), with no runner on the CPU-only server',
    (c) => {
      const outcome = runInstallerArgs(installerArgv(serverInstallCommand(c, 'acme')), { gpu: false });
      expect(outcome).toMatchObject({ ok: true, settings: { controlplane: true, runner: false } });
    },
  );
});
