import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** The ConfigError thrown for `env`, so a test can check which variable it names. */
function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be rejected`);
}

/** The external issuer settings of client `launchpad` (desktop `launchpad-desktop`) with the default scope. */
const externalOidc = (issuer: string, accountUrl: string, audience?: string) => ({
  kind: 'external',
  issuer,
  clientId: 'launchpad',
  desktopClientId: 'launchpad-desktop',
  audience,
  accountUrl,
  scope: 'openid email profile offline_access',
});

describe('loadConfig', () => {
  it('has working defaults for a local start', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      product: { id: 'helix', name: 'Helix' },
      admin: { emails: [], role: 'admin' },
      logLevel: 'info',
      trustProxy: false,
    });
    expect(config.oidc).toEqual({
      kind: 'embedded',
      issuer: 'http://localhost:3000/oidc',
      clientId: 'launchpad',
      desktopClientId: 'launchpad-desktop',
      audience: 'http://localhost:3000/api',
      accountUrl: 'http://localhost:3000/account',
      devUsers: undefined,
    });
  });

  it('derives the public URL from PORT, and the embedded issuer from PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    const config = loadConfig({ PUBLIC_URL: 'https://launchpad.example.com/' });
    expect(config.publicUrl).toBe('https://launchpad.example.com');
    expect(config.oidc.issuer).toBe('https://launchpad.example.com/oidc');
    expect(config.oidc.audience).toBe('https://launchpad.example.com/api');
  });

  it.each([
    { name: 'PORT above 65535', env: { PORT: '70000' }, names: 'PORT' },
    { name: 'negative PORT', env: { PORT: '-1' }, names: 'PORT' },
    { name: 'non-numeric PORT', env: { PORT: 'abc' }, names: 'PORT' },
    { name: 'fractional PORT', env: { PORT: '80.5' }, names: 'PORT' },
    { name: 'non-postgres DATABASE_URL', env: { DATABASE_URL: 'mysql://x' }, names: 'DATABASE_URL' },
    { name: 'DATABASE_URL that is no URL', env: { DATABASE_URL: 'postgres' }, names: 'DATABASE_URL' },
    { name: 'PUBLIC_URL that is no URL', env: { PUBLIC_URL: 'launchpad.example.com' }, names: 'PUBLIC_URL' },
    { name: 'LICENSE_PRICES that is no JSON', env: { LICENSE_PRICES: 'emailSupport=12000' }, names: 'LICENSE_PRICES' },
    { name: 'LICENSE_PRICES with an unknown key', env: { LICENSE_PRICES: '{"email":12000}' }, names: 'LICENSE_PRICES' },
    { name: 'LICENSE_PRICES with a negative price', env: { LICENSE_PRICES: '{"gpu":-1}' }, names: 'LICENSE_PRICES' },
    { name: 'invalid ADMIN_EMAILS entry', env: { ADMIN_EMAILS: 'ok@example.com,not-an-email' }, names: 'ADMIN_EMAILS' },
    { name: 'DEV_USERS entry without password', env: { DEV_USERS: 'a@example.com' }, names: 'DEV_USERS' },
    { name: 'DEV_USERS password under 4 characters', env: { DEV_USERS: 'a@example.com:pw' }, names: 'DEV_USERS' },
    { name: 'DEV_USERS unknown flag', env: { DEV_USERS: 'a@example.com:pw12:root' }, names: 'DEV_USERS' },
    { name: 'DEV_USERS invalid email', env: { DEV_USERS: 'nobody:pw12' }, names: 'DEV_USERS' },
    { name: 'OIDC_ISSUER without OIDC_CLIENT_ID', env: { OIDC_ISSUER: 'https://sso.example.com' }, names: 'OIDC_CLIENT_ID' },
    { name: 'KEYCLOAK_URL without KEYCLOAK_REALM', env: { KEYCLOAK_URL: 'https://kc.example.com', OIDC_CLIENT_ID: 'lp' }, names: 'KEYCLOAK_REALM' },
    {
      name: 'KEYCLOAK_URL and OIDC_ISSUER together',
      env: { KEYCLOAK_URL: 'https://kc.example.com', KEYCLOAK_REALM: 'r', OIDC_ISSUER: 'https://sso.example.com', OIDC_CLIENT_ID: 'lp' },
      names: 'OIDC_ISSUER',
    },
    { name: 'OIDC_SCOPE without openid', env: { OIDC_ISSUER: 'https://sso.example.com', OIDC_CLIENT_ID: 'lp', OIDC_SCOPE: 'email profile' }, names: 'OIDC_SCOPE' },
    { name: 'OIDC_SCOPE with a quote', env: { OIDC_ISSUER: 'https://sso.example.com', OIDC_CLIENT_ID: 'lp', OIDC_SCOPE: 'openid "x"' }, names: 'OIDC_SCOPE' },
    { name: 'OIDC_SCOPE with two spaces in a row', env: { OIDC_ISSUER: 'https://sso.example.com', OIDC_CLIENT_ID: 'lp', OIDC_SCOPE: 'openid  email' }, names: 'OIDC_SCOPE' },
    { name: 'PRODUCT_ID with upper case and dash', env: { PRODUCT_ID: 'My-Product' }, names: 'PRODUCT_ID' },
    { name: 'PRODUCT_ID starting with a digit', env: { PRODUCT_ID: '1helix' }, names: 'PRODUCT_ID' },
    { name: 'unknown LOG_LEVEL', env: { LOG_LEVEL: 'verbose' }, names: 'LOG_LEVEL' },
    { name: 'TRUST_PROXY other than true/false', env: { TRUST_PROXY: 'yes' }, names: 'TRUST_PROXY' },
    { name: 'unauthenticated metrics on a public address', env: { METRICS_ENABLED: 'true', HOST: '0.0.0.0' }, names: 'METRICS_TOKEN' },
    { name: 'unauthenticated metrics on a LAN address', env: { METRICS_ENABLED: 'true', HOST: '192.168.1.5' }, names: 'METRICS_TOKEN' },
    { name: 'LOCAL_MACHINE_LIMITS other than machine/per-process', env: { LOCAL_MACHINE_LIMITS: 'none' }, names: 'LOCAL_MACHINE_LIMITS' },
    { name: 'LOCAL_MACHINE_CPUS of zero', env: { LOCAL_MACHINE_CPUS: '0' }, names: 'LOCAL_MACHINE_CPUS' },
    { name: 'LOCAL_MACHINE_DISK_MB too small for a filesystem', env: { LOCAL_MACHINE_DISK_MB: '8' }, names: 'LOCAL_MACHINE_DISK_MB' },
  ])('rejects $name, naming $names', ({ env, names }) => {
    const err = configError(env);
    expect(err.name).toBe('ConfigError');
    // e.g. "PORT: Too big…" or "ADMIN_EMAILS.1: each entry must be an email address"
    expect(err.problems.some((p) => new RegExp(`^${names}[.:]`).test(p))).toBe(true);
    expect(err.message).toContain(names);
  });

  it('limits local machines as a whole by default, and reads their CPU, disk and limit mode', () => {
    expect(loadConfig({}).deployments.local).toMatchObject({ memoryMb: 1024, maxProcesses: 256, cpus: 1, diskMb: 4096, limits: 'machine' });
    expect(loadConfig({ LOCAL_MACHINE_CPUS: '0.5', LOCAL_MACHINE_DISK_MB: '512', LOCAL_MACHINE_LIMITS: 'per-process' }).deployments.local).toMatchObject({
      cpus: 0.5,
      diskMb: 512,
      limits: 'per-process',
    });
  });

  it("reads the operator's licence prices over the default list, in dollars", () => {
    expect(loadConfig({}).licensePrices.supportAnnualCents).toEqual({ none: 0, email: 1_200_000, premium: 12_000_000 });
    const prices = loadConfig({ LICENSE_PRICES: '{"emailSupport":15000,"hostedGpu":40000}' }).licensePrices;
    expect(prices).toMatchObject({ baseAnnualCents: 1_200_000, hostedGpuAnnualCents: 4_000_000, supportAnnualCents: { none: 0, email: 1_500_000, premium: 12_000_000 } });
  });

  it('reports every bad variable at once', () => {
    const err = configError({ PORT: 'abc', DATABASE_URL: 'mysql://x', PRODUCT_ID: 'X' });
    expect(err.problems.map((p) => p.split(':')[0]).sort()).toEqual(['DATABASE_URL', 'PORT', 'PRODUCT_ID']);
  });

  it('takes the operator demo recordings from DEMO_VIDEO_URL and CODE_DEMO_VIDEO_URL, http or https only', () => {
    expect(loadConfig({}).demoVideos).toEqual({});
    expect(loadConfig({ DEMO_VIDEO_URL: 'https://player.example.com/embed/1', CODE_DEMO_VIDEO_URL: 'https://cdn.example.com/c.webm' }).demoVideos).toEqual({
      landing: 'https://player.example.com/embed/1',
      code: 'https://cdn.example.com/c.webm',
    });
    expect(() => loadConfig({ DEMO_VIDEO_URL: 'javascript:alert(1)' })).toThrow(/DEMO_VIDEO_URL/);
  });

  it('takes the bank-transfer account from BANK_* settings; without them none is offered, never placeholders', () => {
    expect(loadConfig({}).bankTransfer).toBeUndefined();
    const bank = {
      BANK_NAME: 'Northwind Bank',
      BANK_ACCOUNT_NAME: 'Helix Ltd',
      BANK_SORT_CODE: '601613',
      BANK_ACCOUNT_NUMBER: '31926819',
      BANK_IBAN: 'gb82west12345698765432',
      BANK_BIC: 'NWBKGB2L',
      BANK_ADDRESS: '1 High Street, London',
    };
    expect(loadConfig(bank).bankTransfer).toEqual({
      accounts: [
        {
          kind: 'domestic',
          rows: [
            ['Bank', 'Northwind Bank'],
            ['Account name', 'Helix Ltd'],
            ['Sort code', '60-16-13'],
            ['Account number', '31926819'],
          ],
        },
        {
          kind: 'international',
          rows: [
            ['Bank', 'Northwind Bank'],
            ['Account name', 'Helix Ltd'],
            ['IBAN', 'GB82 WEST 1234 5698 7654 32'],
            ['BIC / SWIFT', 'NWBKGB2L'],
            ['Bank address', '1 High Street, London'],
          ],
        },
      ],
    });
    const { BANK_SORT_CODE: _s, BANK_ACCOUNT_NUMBER: _a, ...international } = bank;
    expect(loadConfig(international).bankTransfer?.accounts.map((a) => a.kind)).toEqual(['international']);
    const problems = (env: Record<string, string>) =>
      configError(env)
        .problems.map((p) => p.split(':')[0])
        .sort();
    expect(problems({ ...bank, BANK_IBAN: 'GB00 EXMP 0000 0000 0000 00' })).toEqual(['BANK_IBAN']);
    expect(problems({ ...bank, BANK_BIC: 'EXMP' })).toEqual(['BANK_BIC']);
    expect(problems({ BANK_IBAN: bank.BANK_IBAN })).toEqual(['BANK_ACCOUNT_NAME', 'BANK_BIC', 'BANK_NAME']);
    expect(problems({ BANK_NAME: 'x', BANK_ACCOUNT_NAME: 'y', BANK_SORT_CODE: '60-16-13' })).toEqual(['BANK_ACCOUNT_NUMBER']);
    expect(problems({ BANK_NAME: 'x', BANK_ACCOUNT_NAME: 'y' })).toEqual(['BANK_IBAN']);
  });

  it("issues no documents by default, and with INVOICING=on refuses to start until the operator's details are set, naming each missing one", () => {
    expect(loadConfig({}).invoicing).toBeUndefined();
    const err = configError({ INVOICING: 'on', OPERATOR_LEGAL_NAME: 'Example GmbH' });
    expect(err.problems.map((p) => p.split(':')[0]).sort()).toEqual(['OPERATOR_ADDRESS', 'OPERATOR_COUNTRY']);
    expect(err.message).toContain('OPERATOR_ADDRESS: is required when INVOICING=on');
    expect(configError({ INVOICING: 'on', OPERATOR_LEGAL_NAME: 'x', OPERATOR_ADDRESS: 'y', OPERATOR_COUNTRY: 'Germany' }).problems[0]).toMatch(/^OPERATOR_COUNTRY/);
    const on = loadConfig({
      INVOICING: 'on',
      OPERATOR_LEGAL_NAME: 'Example GmbH',
      OPERATOR_ADDRESS: 'Hauptstr. 1\\n10115 Berlin',
      OPERATOR_COUNTRY: 'DE',
      OPERATOR_TAX_ID: 'DE123456789',
      TAX_RATE_PERCENT: '19',
    });
    expect(on.invoicing).toMatchObject({
      operator: { legalName: 'Example GmbH', address: 'Hauptstr. 1\n10115 Berlin', country: 'DE', taxId: 'DE123456789' },
      taxRatePercent: 19,
      paper: 'auto',
      currency: 'USD',
      dueDays: 30,
    });
  });

  it('does not put a DEV_USERS password into the error message', () => {
    const err = configError({ DEV_USERS: 'a@example.com:pw12,b@example.com:x' });
    expect(err.message).toContain('b@example.com');
    expect(err.message).not.toContain('pw12');
  });

  it.each([{ HOST: '127.0.0.1' }, { HOST: '::1' }, { HOST: 'localhost' }, { HOST: '0.0.0.0', METRICS_TOKEN: 'a-long-metrics-token-0123' }, { HOST: '0.0.0.0', METRICS_ALLOW_UNAUTHENTICATED: 'true' }])(
    'starts with metrics on %o',
    (env) => {
      expect(loadConfig({ ...env, METRICS_ENABLED: 'true' }).metrics.enabled).toBe(true);
    },
  );

  it('accepts postgres:// and postgresql:// database URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/lp' }).databaseUrl).toBe('postgres://u@db:5432/lp');
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@db/lp' }).databaseUrl).toBe('postgresql://u@db/lp');
  });

  it.each([
    { env: '', expected: [] },
    { env: ' Alice@Example.com , bob@example.org ,, ', expected: ['alice@example.com', 'bob@example.org'] },
    { env: 'ADMIN@EXAMPLE.COM', expected: ['admin@example.com'] },
  ])('parses ADMIN_EMAILS "$env" (trimmed, lower-case)', ({ env, expected }) => {
    expect(loadConfig({ ADMIN_EMAILS: env }).admin.emails).toEqual(expected);
  });

  it('parses DEV_USERS into accounts with an optional admin flag', () => {
    const { oidc } = loadConfig({ DEV_USERS: 'A@b.co:pw12:admin, c@d.ee:pw34' });
    expect(oidc.kind === 'embedded' && oidc.devUsers).toEqual([
      { email: 'a@b.co', password: 'pw12', admin: true },
      { email: 'c@d.ee', password: 'pw34', admin: false },
    ]);
  });

  it('treats an empty DEV_USERS as unset (generated accounts)', () => {
    const { oidc } = loadConfig({ DEV_USERS: '  ' });
    expect(oidc.kind === 'embedded' && oidc.devUsers).toBeUndefined();
  });

  it('uses an external issuer with OIDC_ISSUER and OIDC_CLIENT_ID', () => {
    const { oidc } = loadConfig({ OIDC_ISSUER: 'https://sso.example.com/', OIDC_CLIENT_ID: 'launchpad', OIDC_AUDIENCE: 'api://launchpad' });
    // the issuer is kept exactly as configured: it must equal the tokens' iss
    expect(oidc).toEqual(externalOidc('https://sso.example.com/', 'https://sso.example.com/account', 'api://launchpad'));
  });

  it('lets OIDC_SCOPE set what the apps ask an external issuer for', () => {
    const { oidc } = loadConfig({ OIDC_ISSUER: 'https://sso.example.com', OIDC_CLIENT_ID: 'lp', OIDC_SCOPE: ' openid email profile ' });
    expect(oidc.kind === 'external' && oidc.scope).toBe('openid email profile');
  });

  it('builds the Keycloak realm issuer and account console URL', () => {
    const { oidc } = loadConfig({ KEYCLOAK_URL: 'https://kc.example.com/', KEYCLOAK_REALM: 'platform', OIDC_CLIENT_ID: 'launchpad' });
    expect(oidc).toEqual(externalOidc('https://kc.example.com/realms/platform', 'https://kc.example.com/realms/platform/account'));
  });

  it('lets OIDC_ACCOUNT_URL override the account page', () => {
    const { oidc } = loadConfig({ KEYCLOAK_URL: 'https://kc.example.com', KEYCLOAK_REALM: 'platform', OIDC_CLIENT_ID: 'lp', OIDC_ACCOUNT_URL: 'https://me.example.com' });
    expect(oidc.accountUrl).toBe('https://me.example.com');
  });

  it('accepts a renamed product', () => {
    expect(loadConfig({ PRODUCT_ID: 'nova2', PRODUCT_NAME: ' Nova ' }).product).toEqual({ id: 'nova2', name: 'Nova' });
  });

  it('reads TRUST_PROXY and ADMIN_ROLE', () => {
    const config = loadConfig({ TRUST_PROXY: 'true', ADMIN_ROLE: 'platform-admin' });
    expect(config.trustProxy).toBe(true);
    expect(config.admin.role).toBe('platform-admin');
  });

  it('reads TEAM_GROUPS_PREFIX as a group path ending in /, off when unset', () => {
    expect(loadConfig({}).teamGroupsPrefix).toBeUndefined();
    expect(loadConfig({ TEAM_GROUPS_PREFIX: '/teams' }).teamGroupsPrefix).toBe('/teams/');
    expect(loadConfig({ TEAM_GROUPS_PREFIX: ' /org/teams/ ' }).teamGroupsPrefix).toBe('/org/teams/');
    expect(() => loadConfig({ TEAM_GROUPS_PREFIX: 'teams/' })).toThrow(/TEAM_GROUPS_PREFIX/);
  });
});
