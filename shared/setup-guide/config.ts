import { generatePassword, generateRunnerToken } from './secrets';

export type AccessMethod = 'localhost' | 'domain';
export type RunnerImageSize = 'small' | 'large';

/** Public-site 3, "Setup configuration": kept in the browser only, never sent to Launchpad. */
export interface SetupConfig {
  accessMethod: AccessMethod;
  domain: string;
  licenseKey: string;
  huggingFaceToken: string;
  imageTag: string;
  useExternalPostgres: boolean;
  postgresHost: string;
  postgresUser: string;
  postgresPassword: string;
  postgresAdminPassword: string;
  postgresDatabase: string;
  useExternalPgvector: boolean;
  pgvectorHost: string;
  pgvectorPort: number;
  pgvectorUser: string;
  pgvectorPassword: string;
  pgvectorDatabase: string;
  runnerToken: string;
  keycloakUser: string;
  keycloakPassword: string;
  adminUserIds: string;
  runnerImageSize: RunnerImageSize;
}

export interface SecretSource {
  password(): string;
  token(): string;
}

export const cryptoSecrets: SecretSource = { password: () => generatePassword(), token: () => generateRunnerToken() };

/**
 * What a page rendered on the server shows until the browser makes real secrets: the server's
 * page is cached and the same for every visitor, so it never carries generated passwords.
 */
export const placeholderSecrets: SecretSource = { password: () => 'choose-a-strong-password', token: () => 'choose-a-random-64-hex-token' };

const secretFields = ['postgresPassword', 'postgresAdminPassword', 'pgvectorPassword', 'runnerToken', 'keycloakPassword'] as const;

/** Replaces every secret still holding its placeholder with a generated one (in the browser, after the page took over). */
export function withGeneratedSecrets(c: SetupConfig, secrets: SecretSource = cryptoSecrets): SetupConfig {
  const fresh = initialSetupConfig('', '', secrets);
  const placeholder = initialSetupConfig('', '', placeholderSecrets);
  const next = { ...c };
  for (const field of secretFields) if (c[field] === placeholder[field]) next[field] = fresh[field];
  return next;
}

/** Spec 9 constants of the generated configuration. */
export const setupDefaults = {
  webPort: 8080,
  databasePort: 5432,
  pgvectorUser: 'postgres',
  pgvectorDatabase: 'postgres',
  keycloakUser: 'admin',
  adminUserIds: 'all',
} as const;

/** Spec 9: runner image sizes. */
export const runnerImageSizes: Record<RunnerImageSize, { label: string; size: string }> = {
  small: { label: 'Small', size: '~15GB' },
  large: { label: 'Large', size: '~70GB' },
};

/**
 * A fresh configuration. The built-in databases are the default, so their passwords are
 * generated straight away (the same rule as choosing built-in later). The spec gives no default
 * for the main database's user and name; the product id reads naturally there.
 */
export function initialSetupConfig(productId: string, imageTag: string, secrets: SecretSource = cryptoSecrets): SetupConfig {
  return {
    accessMethod: 'localhost',
    domain: '',
    licenseKey: '',
    huggingFaceToken: '',
    imageTag,
    useExternalPostgres: false,
    postgresHost: '',
    postgresUser: productId,
    postgresPassword: secrets.password(),
    postgresAdminPassword: secrets.password(),
    postgresDatabase: productId,
    useExternalPgvector: false,
    pgvectorHost: '',
    pgvectorPort: setupDefaults.databasePort,
    pgvectorUser: setupDefaults.pgvectorUser,
    pgvectorPassword: secrets.password(),
    pgvectorDatabase: setupDefaults.pgvectorDatabase,
    runnerToken: secrets.token(),
    keycloakUser: setupDefaults.keycloakUser,
    keycloakPassword: secrets.password(),
    adminUserIds: setupDefaults.adminUserIds,
    runnerImageSize: 'small',
  };
}

/** Spec 4: choosing localhost clears the domain. */
export function withAccessMethod(c: SetupConfig, accessMethod: AccessMethod): SetupConfig {
  return { ...c, accessMethod, domain: accessMethod === 'localhost' ? '' : c.domain };
}

/**
 * Spec 4: choosing the built-in database generates a password when it is empty; choosing an
 * external one clears it, since the operator's own database has its own password.
 */
export function withExternalPostgres(c: SetupConfig, external: boolean, secrets: SecretSource = cryptoSecrets): SetupConfig {
  if (external) return { ...c, useExternalPostgres: true, postgresPassword: '', postgresAdminPassword: '' };
  return {
    ...c,
    useExternalPostgres: false,
    postgresPassword: c.postgresPassword || secrets.password(),
    postgresAdminPassword: c.postgresAdminPassword || secrets.password(),
  };
}

export function withExternalPgvector(c: SetupConfig, external: boolean, secrets: SecretSource = cryptoSecrets): SetupConfig {
  if (external) return { ...c, useExternalPgvector: true, pgvectorPassword: '' };
  return { ...c, useExternalPgvector: false, pgvectorPassword: c.pgvectorPassword || secrets.password() };
}

/** A domain as typed, without a scheme, path or trailing dot people often paste along. */
export function cleanDomain(domain: string): string {
  return domain
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .replace(/[/?#].*$/, '')
    .replace(/\.$/, '');
}

/**
 * Public-site 2.10: http://localhost:8080 or https://{domain}. A domain choice with the field
 * still empty keeps the localhost address, so the generated files stay usable while typing.
 */
export function serverUrl(c: Pick<SetupConfig, 'accessMethod' | 'domain'>): string {
  const domain = cleanDomain(c.domain);
  if (c.accessMethod === 'domain' && domain) return `https://${domain}`;
  return `http://localhost:${setupDefaults.webPort}`;
}

/** Spec 5: "all", or a comma-separated list of identity-provider user ids (spaces and empty items dropped). */
export function adminUserIdList(adminUserIds: string): string {
  const ids = adminUserIds
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.length === 0 || ids.some((id) => id.toLowerCase() === 'all')) return setupDefaults.adminUserIds;
  return ids.join(',');
}
