import { describe, expect, it } from 'vitest';
import {
  adminUserIdList,
  cleanDomain,
  initialSetupConfig,
  placeholderSecrets,
  type SecretSource,
  serverUrl,
  withAccessMethod,
  withExternalPgvector,
  withExternalPostgres,
  withGeneratedSecrets,
} from './config';

function counter(): SecretSource {
  let n = 0;
  return { password: () => `pw${++n}`, token: () => `tok${++n}` };
}

describe('initialSetupConfig', () => {
  it('has the spec defaults and generated secrets for the built-in services', () => {
    const c = initialSetupConfig('acme', '2.12.2', counter());
    expect(c).toMatchObject({
      accessMethod: 'localhost',
      domain: '',
      imageTag: '2.12.2',
      useExternalPostgres: false,
      useExternalPgvector: false,
      pgvectorPort: 5432,
      pgvectorUser: 'postgres',
      pgvectorDatabase: 'postgres',
      keycloakUser: 'admin',
      adminUserIds: 'all',
      runnerImageSize: 'small',
      postgresUser: 'acme',
      postgresDatabase: 'acme',
    });
    for (const key of ['postgresPassword', 'postgresAdminPassword', 'pgvectorPassword', 'keycloakPassword', 'runnerToken'] as const) expect(c[key]).not.toBe('');
  });

  it('uses real random secrets by default', () => {
    const c = initialSetupConfig('acme', 'latest');
    expect(c.postgresPassword).toMatch(/^[A-Za-z0-9!@#$%^&*]{24}$/);
    expect(c.runnerToken).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('transitions', () => {
  const base = initialSetupConfig('acme', 'latest', counter());

  it.each([
    ['localhost', 'ai.example.com', ''],
    ['domain', 'ai.example.com', 'ai.example.com'],
  ] as const)('choosing %s with domain %s keeps %j', (method, domain, kept) => {
    expect(withAccessMethod({ ...base, accessMethod: 'domain', domain }, method)).toMatchObject({ accessMethod: method, domain: kept });
  });

  it('external Postgres clears the passwords; built-in generates them only when empty', () => {
    const external = withExternalPostgres(base, true, counter());
    expect(external).toMatchObject({ useExternalPostgres: true, postgresPassword: '', postgresAdminPassword: '' });
    const builtIn = withExternalPostgres(external, false, counter());
    expect(builtIn).toMatchObject({ useExternalPostgres: false, postgresPassword: 'pw1', postgresAdminPassword: 'pw2' });
    const kept = withExternalPostgres({ ...external, postgresPassword: 'mine' }, false, counter());
    expect(kept.postgresPassword).toBe('mine');
  });

  it('external pgvector clears its password; built-in generates one when empty', () => {
    const external = withExternalPgvector(base, true, counter());
    expect(external).toMatchObject({ useExternalPgvector: true, pgvectorPassword: '' });
    expect(withExternalPgvector(external, false, counter())).toMatchObject({ useExternalPgvector: false, pgvectorPassword: 'pw1' });
    expect(withExternalPgvector({ ...external, pgvectorPassword: 'x' }, false, counter()).pgvectorPassword).toBe('x');
  });
});

describe('serverUrl', () => {
  it.each([
    ['localhost', 'ignored.example.com', 'http://localhost:8080'],
    ['domain', 'ai.example.com', 'https://ai.example.com'],
    ['domain', '  https://ai.example.com/path  ', 'https://ai.example.com'],
    ['domain', 'ai.example.com.', 'https://ai.example.com'],
    ['domain', '   ', 'http://localhost:8080'],
  ] as const)('%s %j → %s', (accessMethod, domain, url) => {
    expect(serverUrl({ accessMethod, domain })).toBe(url);
  });

  it('cleanDomain keeps a port', () => {
    expect(cleanDomain('http://ai.example.com:8443/x')).toBe('ai.example.com:8443');
  });
});

describe('adminUserIdList', () => {
  it.each([
    ['all', 'all'],
    ['', 'all'],
    [' , ', 'all'],
    ['u1, u2 ,,u3', 'u1,u2,u3'],
    ['u1, ALL', 'all'],
  ])('%j → %s', (input, out) => {
    expect(adminUserIdList(input)).toBe(out);
  });
});

describe('secrets of a page rendered on the server', () => {
  it('are placeholders until the browser replaces them; what a person typed is kept', () => {
    const served = initialSetupConfig('helix', 'latest', placeholderSecrets);
    expect(served.postgresPassword).toBe('choose-a-strong-password');
    const typed = { ...served, keycloakPassword: 'my-own-password' };
    const fresh = withGeneratedSecrets(typed);
    expect(fresh.postgresPassword).toHaveLength(24);
    expect(fresh.runnerToken).toMatch(/^[0-9a-f]{64}$/);
    expect(fresh.keycloakPassword).toBe('my-own-password');
    expect(withGeneratedSecrets(typed).postgresPassword).not.toBe(fresh.postgresPassword);
  });
});
