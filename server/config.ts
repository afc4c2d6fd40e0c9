import path from 'node:path';
import { appUrl } from '../shared/routes/app-paths';
import { z } from 'zod';
import type { DemoVideos } from '../shared/page-data';
import { accountNumberPattern, bankEnvProblems, bankTransferOf, bicPattern, ibanValid, sortCodePattern, type BankTransferDetails } from '../shared/licenses/bank-transfer';
import type { ModelClass } from '../shared/api/agents';
import { defaultTopupMaxCents } from '../shared/api/billing';
import { brandIdPattern } from '../shared/brand';
import { defaultCivoGpuSize } from '../shared/deployments/gpu-sizes';
import { licensePriceOverride, withOverride } from '../shared/licenses/price-override';
import type { LicensePriceList } from '../shared/licenses/pricing';
import { bundledCatalogueDir } from './agents/catalogue-dir';
import { modelSubstitutionsEnv } from './agents/model-substitutions';
import { machineDefaults } from './deployments/providers/local/machine-defaults';
import type { SandboxSettings } from './deployments/providers/local/sandbox';

const emailList = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email('each entry must be an email address')));

/** Earlier issuer addresses, comma-separated: each must be an http(s) URL, kept as written (it must equal the old tokens' `iss`). */
const issuerList = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url({ protocol: /^https?$/, error: 'each entry must be an issuer address (http:// or https://)' })));

export interface DevUser {
  email: string;
  password: string;
  admin: boolean;
}

/** `email:password[:admin]` entries separated by commas. */
const devUsers = z
  .string()
  .optional()
  .transform((s, ctx): DevUser[] | undefined => {
    if (s === undefined || s.trim() === '') return undefined;
    const users: DevUser[] = [];
    for (const entry of s
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean)) {
      const [email = '', password = '', flag, ...rest] = entry.split(':');
      const ok = z.email().safeParse(email).success && password.length >= 4 && rest.length === 0 && (flag === undefined || flag === 'admin');
      if (!ok) {
        ctx.addIssue({ code: 'custom', message: `entry "${email || '(no email)'}" must be email:password[:admin] with a password of 4+ characters` });
        return z.NEVER;
      }
      users.push({ email: email.toLowerCase(), password, admin: flag === 'admin' });
    }
    return users;
  });

const optionalString = z
  .string()
  .optional()
  .transform((s) => (s && s.trim() !== '' ? s.trim() : undefined));
const optionalUrl = optionalString.pipe(z.url().optional());

const envSchema = z
  .object({
    PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).default(3000)),
    HOST: z.string().min(1).default('127.0.0.1'),
    PUBLIC_URL: optionalUrl,
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalString.pipe(z.url().startsWith('postgres', 'must be a postgres:// or postgresql:// URL').optional()),
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: optionalString,
    OIDC_DESKTOP_CLIENT_ID: z.string().trim().min(1).default('launchpad-desktop'),
    OIDC_AUDIENCE: optionalString,
    OIDC_SCOPE: optionalString.pipe(
      z
        .string()
        .regex(/^[\x21\x23-\x5B\x5D-\x7E]+( [\x21\x23-\x5B\x5D-\x7E]+)*$/, 'must be scope names separated by single spaces')
        .refine((s) => s.split(' ').includes('openid'), 'must include openid')
        .optional(),
    ),
    OIDC_ACCOUNT_URL: optionalUrl,
    /** the external issuer's earlier addresses: their subjects are the same people (README, Sign-in) */
    OIDC_PREVIOUS_ISSUERS: issuerList,
    /** `true`: a first sign-in whose verified e-mail belongs to an account of another issuer takes over that account */
    OIDC_LINK_VERIFIED_EMAIL: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    KEYCLOAK_URL: optionalUrl,
    KEYCLOAK_REALM: optionalString,
    ADMIN_EMAILS: emailList,
    ADMIN_ROLE: z.string().min(1).default('admin'),
    /** the external issuer's groups under this path become team memberships (e.g. `/teams/`); unset = off */
    TEAM_GROUPS_PREFIX: optionalString.pipe(z.string().startsWith('/', 'must be a group path starting with "/", e.g. /teams/').optional()),
    DEV_USERS: devUsers,
    PRODUCT_ID: z.string().regex(brandIdPattern, 'must be lower-case letters and digits, starting with a letter').default('helix'),
    PRODUCT_NAME: z.string().trim().min(1).max(40).default('Helix'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    HOSTED_APP_URL: z.url().default('https://app.helix.ml'),
    LOCALHOST_IMPORT_URL: z.url().default('http://localhost:8080'),
    CLUSTER_DOMAIN: z
      .string()
      .regex(/^[a-z0-9.-]+$/i, 'must be a domain name')
      .default('deploy.local'),
    TRIAL_VM_PROVIDER: z.enum(['local', 'hetzner']).optional(),
    GPU_PROVIDER: z.enum(['local', 'civo']).optional(),
    HETZNER_API_TOKEN: optionalString,
    HETZNER_API_URL: z.url().default('https://api.hetzner.cloud/v1'),
    HETZNER_SERVER_TYPE: z.string().min(1).default('cx22'),
    HETZNER_LOCATION: z.string().min(1).default('nbg1'),
    HETZNER_IMAGE: z.string().min(1).default('ubuntu-24.04'),
    CIVO_API_KEY: optionalString,
    CIVO_API_URL: z.url().default('https://api.civo.com/v2'),
    CIVO_REGION: z.string().min(1).default('LON1'),
    // an instance size (GET /v2/sizes type "Instance"; `.kube.` names are Kubernetes node sizes); the GPU card says what it holds
    CIVO_GPU_SIZE: z.string().min(1).default(defaultCivoGpuSize),
    CIVO_DISK_IMAGE: z.string().min(1).default('ubuntu-jammy'),
    LOCAL_SANDBOX: z.enum(['auto', 'bwrap', 'none']).default('auto'),
    LOCAL_SINGLE_USER: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    LOCAL_SANDBOX_UID_BASE: z.coerce.number().int().min(1000).max(2_000_000_000).default(machineDefaults.uidBase),
    LOCAL_SANDBOX_UID_CLAIMS: z.string().trim().min(1).default(machineDefaults.uidClaimsDir),
    LOCAL_MACHINE_MEMORY_MB: z.coerce.number().int().min(128).max(1_048_576).default(machineDefaults.memoryMb),
    LOCAL_MACHINE_MAX_PROCESSES: z.coerce.number().int().min(16).max(100_000).default(machineDefaults.maxProcesses),
    LOCAL_MACHINE_MAX_FILE_MB: z.coerce.number().int().min(1).max(1_048_576).default(machineDefaults.maxFileMb),
    LOCAL_MACHINE_CPUS: z.coerce.number().min(0.01).max(4096).default(machineDefaults.cpus),
    LOCAL_MACHINE_DISK_MB: z.coerce.number().int().min(32).max(16_777_216).default(machineDefaults.diskMb),
    LOCAL_MACHINE_LIMITS: z.enum(['machine', 'per-process']).default(machineDefaults.limits),
    LOCAL_MAX_MACHINES_PER_USER: z.coerce.number().int().min(0).max(10_000).default(3),
    LOCAL_MAX_MACHINES_PER_HOST: z.coerce.number().int().min(0).max(100_000).default(20),
    LOCAL_CHECKOUT_MAX_CENTS: z.coerce.number().int().min(100).max(99_999_999_999).default(99_999_999),
    LICENSE_PRIVATE_KEY: optionalString,
    /** the embedded provider's keys as JSON (scripts/identity-keys.ts); unset = made once in the database */
    IDENTITY_KEYS: optionalString,
    /** `production`: no generated development accounts (README, Configuration) */
    NODE_ENV: optionalString,
    LICENSE_PRICES: optionalString.pipe(
      z
        .string()
        .transform((text, ctx) => {
          try {
            return JSON.parse(text) as unknown;
          } catch {
            ctx.addIssue({ code: 'custom', message: 'must be JSON, e.g. {"emailSupport":12000}' });
            return z.NEVER;
          }
        })
        .pipe(licensePriceOverride)
        .optional(),
    ),
    PING_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    RATE_LIMIT_SIGNIN_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    RATE_LIMIT_SIGNIN_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_PUBLIC_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_API_URL: optionalUrl,
    RELEASES_URL: z.union([z.literal('off'), z.url()]).default('https://api.github.com/repos/helixml/helix/releases?per_page=100'),
    RELEASES_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    CI_SECRET: optionalString.pipe(z.string().min(12, 'must be at least 12 characters').optional()),
    ARTIFACTS_DIR: optionalString,
    S3_ENDPOINT: optionalUrl,
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    USER_INFO_URL: optionalUrl,
    /** the landing page's "See it in action": an embeddable player address or a video file (.mp4, .webm); unset = the self-hosted product clip */
    DEMO_VIDEO_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    /** the /code page's demo, shown only when set */
    CODE_DEMO_VIDEO_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    USER_INFO_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(2000),
    AGENTS_DIR: optionalString,
    MODEL_SUBSTITUTIONS: modelSubstitutionsEnv,
    METRICS_ENABLED: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    METRICS_ALLOW_UNAUTHENTICATED: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    API_KEYS_PER_USER: z.coerce.number().int().min(1).max(1000).default(20),
    MAX_TEAMS_PER_PERSON: z.coerce.number().int().min(0).max(10_000).default(10),
    ADMIN_TOPUP_MAX_CENTS: z.coerce.number().int().min(1).max(100_000_000).default(defaultTopupMaxCents),
    SMTP_URL: optionalString.pipe(
      z
        .url()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_FROM: optionalString,
    ALERT_WEBHOOK_URL: optionalString.pipe(
      z
        .url()
        .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
        .optional(),
    ),
    ALERT_WEBHOOK_SECRET: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    BANK_NAME: optionalString.pipe(z.string().max(120).optional()),
    BANK_ACCOUNT_NAME: optionalString.pipe(z.string().max(120).optional()),
    BANK_SORT_CODE: optionalString.pipe(z.string().regex(sortCodePattern, 'must be a UK sort code such as 12-34-56').optional()),
    BANK_ACCOUNT_NUMBER: optionalString.pipe(z.string().regex(accountNumberPattern, 'must be an 8-digit account number').optional()),
    BANK_IBAN: optionalString.pipe(z.string().refine(ibanValid, 'must be a valid IBAN (its check digits do not match)').optional()),
    BANK_BIC: optionalString.pipe(z.string().regex(bicPattern, 'must be a BIC of 8 or 11 capital letters and digits').optional()),
    BANK_ADDRESS: optionalString.pipe(z.string().max(200).optional()),
    INVOICING: z.enum(['on', 'off']).default('off'),
    OPERATOR_LEGAL_NAME: optionalString.pipe(z.string().max(200).optional()),
    OPERATOR_ADDRESS: optionalString.pipe(z.string().max(500).optional()),
    OPERATOR_COUNTRY: optionalString.pipe(
      z
        .string()
        .regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as DE')
        .optional(),
    ),
    OPERATOR_TAX_ID: optionalString.pipe(z.string().max(40).optional()),
    OPERATOR_EMAIL: optionalString.pipe(z.email().optional()),
    TAX_RATE_PERCENT: z.coerce.number().min(0).max(50).default(0),
    INVOICE_FOOTER: optionalString.pipe(z.string().max(500).optional()),
    INVOICE_PAPER: z.enum(['auto', 'A4', 'Letter']).default('auto'),
    INVOICE_CURRENCY: z.enum(['USD']).default('USD'),
    INVOICE_DUE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    UNPAID_GRACE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(15),
  })
  .superRefine((env, ctx) => {
    if (env.KEYCLOAK_URL && !env.KEYCLOAK_REALM) ctx.addIssue({ code: 'custom', path: ['KEYCLOAK_REALM'], message: 'is required with KEYCLOAK_URL' });
    if (env.KEYCLOAK_URL && env.OIDC_ISSUER) ctx.addIssue({ code: 'custom', path: ['OIDC_ISSUER'], message: 'set either OIDC_ISSUER or KEYCLOAK_URL, not both' });
    if (env.TRIAL_VM_PROVIDER === 'hetzner' && !env.HETZNER_API_TOKEN) ctx.addIssue({ code: 'custom', path: ['HETZNER_API_TOKEN'], message: 'is required when TRIAL_VM_PROVIDER=hetzner' });
    if (env.GPU_PROVIDER === 'civo' && !env.CIVO_API_KEY) ctx.addIssue({ code: 'custom', path: ['CIVO_API_KEY'], message: 'is required when GPU_PROVIDER=civo' });
    if (env.INVOICING === 'on')
      for (const name of ['OPERATOR_LEGAL_NAME', 'OPERATOR_ADDRESS', 'OPERATOR_COUNTRY'] as const)
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when INVOICING=on (it is printed on every invoice, receipt and credit note)' });
    for (const p of bankEnvProblems(env)) ctx.addIssue({ code: 'custom', path: [p.name], message: p.message });
    if (env.ALERT_WEBHOOK_URL && !env.ALERT_WEBHOOK_SECRET)
      ctx.addIssue({ code: 'custom', path: ['ALERT_WEBHOOK_SECRET'], message: 'is required with ALERT_WEBHOOK_URL (every delivery is signed with it)' });
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'is required with STRIPE_SECRET_KEY' });
    const s3 = { S3_ENDPOINT: env.S3_ENDPOINT, S3_BUCKET: env.S3_BUCKET, S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY };
    if (Object.values(s3).some(Boolean)) {
      for (const [name, value] of Object.entries(s3)) if (!value) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when any S3_* variable is set' });
    }
    const external = env.OIDC_ISSUER ?? env.KEYCLOAK_URL;
    if (external && !env.OIDC_CLIENT_ID) ctx.addIssue({ code: 'custom', path: ['OIDC_CLIENT_ID'], message: 'is required with an external issuer' });
    // Metrics name every route and sum the ledger: not for anyone who can reach the port.
    if (env.METRICS_ENABLED && !env.METRICS_TOKEN && !isLoopbackHost(env.HOST) && !env.METRICS_ALLOW_UNAUTHENTICATED) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_TOKEN'],
        message: `is required when METRICS_ENABLED=true and HOST=${env.HOST} is not a loopback address (or set METRICS_ALLOW_UNAUTHENTICATED=true)`,
      });
    }
  });

/** 127.0.0.0/8, ::1 and localhost: only this machine can connect. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  product: { id: string; name: string };
  /** the licence price list checkout charges and every page shows (LICENSE_PRICES over the default) */
  licensePrices: LicensePriceList;
  oidc:
    | { kind: 'embedded'; issuer: string; clientId: string; desktopClientId: string; audience: string; accountUrl: string; devUsers: DevUser[] | undefined }
    | { kind: 'external'; issuer: string; clientId: string; desktopClientId: string; audience: string | undefined; accountUrl: string; scope: string };
  admin: { emails: string[]; role: string };
  /** how a token's issuer and subject find a person's account (server/auth/identity.ts) */
  identity: IdentitySettings;
  /** TEAM_GROUPS_PREFIX (always ending in `/`): groups under it in a token make team memberships; undefined = off */
  teamGroupsPrefix: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  /** where the gallery's Localhost entry sends import links */
  localhostImportUrl: string;
  deployments: {
    hostedAppUrl: string;
    clusterDomain: string;
    /** which provider backs each creatable type; with no cloud keys both are `local` */
    trialVmProvider: 'local' | 'hetzner';
    gpuProvider: 'local' | 'civo';
    hetzner: { token: string | undefined; apiUrl: string; serverType: string; location: string; image: string };
    civo: { apiKey: string | undefined; apiUrl: string; region: string; size: string; diskImage: string };
    /** how the `local` provider confines machines; `singleUser` lets everyone start them without a sandbox (desktop app) */
    local: Pick<SandboxSettings, 'uidBase' | 'uidClaimsDir' | 'memoryMb' | 'maxProcesses' | 'maxFileMb' | 'cpus' | 'diskMb' | 'limits'> & { sandbox: SandboxSettings['want']; singleUser: boolean };
    /** at most this many local machines exist at once per user, and on this server for all users */
    localMachineLimits: { perUser: number; perHost: number };
    /** undefined: use the bundled release list only */
    releasesUrl: string | undefined;
    /** one background fetch of the release list gives up after this long */
    releasesTimeoutMs: number;
  };
  /** PEM of the ECDSA P-256 key that signs license keys; unset = a development key in the data folder */
  licensePrivateKey: string | undefined;
  identityKeys: string | undefined;
  /** NODE_ENV=production: the embedded provider generates no development accounts */
  production: boolean;
  /** pings accepted per sender address per minute */
  pingRateLimitPerMinute: number;
  /** requests per caller address per minute: sign-in form posts, and the public endpoints (company lookup, CI upload, local checkout) */
  rateLimits: { signinPerMinute: number; signinPerAccount: number; publicPerMinute: number };
  /** Stripe Checkout when keys are set; otherwise Launchpad's own local checkout page */
  payments: { gateway: 'local'; maxAmountCents: number } | { gateway: 'stripe'; secretKey: string; webhookSecret: string; apiUrl: string | undefined };
  /** the shared secret CI sends as X-CI-Secret; unset = CI uploads answer 503 */
  ciSecret: string | undefined;
  /** visitor company lookup for the landing page: none, or a lookup service asked with ?ip= */
  userInfo: { provider: 'none' } | { provider: 'http'; url: string; timeoutMs: number };
  /** the operator's demo recordings (DEMO_VIDEO_URL, CODE_DEMO_VIDEO_URL) */
  demoVideos: DemoVideos;
  /** where test-run artifacts are kept: a folder (default under DATA_DIR) or an S3-compatible bucket */
  artifacts: { store: 'folder'; dir: string } | { store: 's3'; endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean };
  /** the agent gallery's YAML folder, and the model classes sent with import links */
  agents: { dir: string; modelClasses: ModelClass[] };
  /** Prometheus scrape endpoint at /metrics: off by default; with a token, scrapers send it as a bearer */
  metrics: { enabled: boolean; token: string | undefined };
  /** personal API keys a user may hold at once */
  apiKeysPerUser: number;
  /** teams one person may own at once (they created, or were given by a transfer); beyond, creating one answers 429 */
  maxTeamsPerPerson: number;
  /** e-mail: through SMTP when a URL is set, otherwise kept in the database for the admin's Sent Mail page */
  mail: { smtpUrl: string | undefined; from: string };
  /** administrator alerts also go to this address, signed with the secret; unset: the Alerts page and the bell only */
  alertWebhook: { url: string; secret: string } | undefined;
  /** how long a deployment runs on after its balance could not pay for the next hour */
  unpaidGraceMinutes: number;
  /** the largest balance top-up an administrator may make at once */
  adminTopupMaxCents: number;
  /** the operator's account for licence payments by bank transfer; unset: bank transfer is not offered */
  bankTransfer: BankTransferDetails | undefined;
  /** invoices, receipts and credit notes (INVOICING=on); unset: none are issued */
  invoicing: Invoicing | undefined;
}

/** The operator's side of every billing document. */
export interface Invoicing {
  operator: { legalName: string; address: string; country: string; taxId: string | undefined; email: string | undefined };
  taxRatePercent: number;
  footer: string | undefined;
  paper: 'auto' | 'A4' | 'Letter';
  currency: 'USD';
  dueDays: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export interface IdentitySettings {
  /** what people's rows are stored under: `embedded` for the embedded provider whatever its address, else the issuer */
  issuerKey: string;
  /** OIDC_PREVIOUS_ISSUERS: a subject of one of these is the same person as that subject of the current issuer */
  previousIssuers: string[];
  /** OIDC_LINK_VERIFIED_EMAIL: an e-mail the issuer says is verified may take over an account of another issuer */
  linkVerifiedEmail: boolean;
}

/** The users' issuer key of the embedded provider: its people keep their accounts when PUBLIC_URL changes. */
export const embeddedIssuerKey = 'embedded';

export const embeddedClientId = 'launchpad';

/**
 * What the renderer asks an external issuer for unless OIDC_SCOPE says otherwise: `offline_access`
 * is what makes most issuers (and Keycloak, as an offline session) hand out a refresh token.
 */
export const defaultExternalScope = 'openid email profile offline_access';

/** Builds the one validated config object from the environment; throws ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`));
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const keycloakIssuer = e.KEYCLOAK_URL && e.KEYCLOAK_REALM ? `${e.KEYCLOAK_URL.replace(/\/+$/, '')}/realms/${e.KEYCLOAK_REALM}` : undefined;
  const externalIssuer = e.OIDC_ISSUER ?? keycloakIssuer;
  const oidc: Config['oidc'] = externalIssuer
    ? {
        kind: 'external',
        // kept as configured: it must equal the tokens' `iss` exactly (some issuers end in a slash)
        issuer: externalIssuer,
        clientId: e.OIDC_CLIENT_ID ?? '',
        desktopClientId: e.OIDC_DESKTOP_CLIENT_ID,
        audience: e.OIDC_AUDIENCE,
        // Keycloak serves each realm's account console at {issuer}/account.
        accountUrl: e.OIDC_ACCOUNT_URL ?? `${externalIssuer.replace(/\/+$/, '')}/account`,
        scope: e.OIDC_SCOPE ?? defaultExternalScope,
      }
    : {
        kind: 'embedded',
        issuer: `${publicUrl}/oidc`,
        clientId: embeddedClientId,
        desktopClientId: e.OIDC_DESKTOP_CLIENT_ID,
        // A resource indicator must be an absolute URI: the API's own address.
        audience: `${publicUrl}/api`,
        accountUrl: e.OIDC_ACCOUNT_URL ?? appUrl(publicUrl, 'account'),
        devUsers: e.DEV_USERS,
      };
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    product: { id: e.PRODUCT_ID, name: e.PRODUCT_NAME },
    licensePrices: withOverride(e.LICENSE_PRICES ?? {}),
    oidc,
    admin: { emails: e.ADMIN_EMAILS, role: e.ADMIN_ROLE },
    identity: {
      issuerKey: oidc.kind === 'embedded' ? embeddedIssuerKey : oidc.issuer,
      previousIssuers: e.OIDC_PREVIOUS_ISSUERS.filter((i) => i !== oidc.issuer),
      linkVerifiedEmail: e.OIDC_LINK_VERIFIED_EMAIL,
    },
    teamGroupsPrefix: e.TEAM_GROUPS_PREFIX === undefined ? undefined : e.TEAM_GROUPS_PREFIX.replace(/\/*$/, '/'),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    localhostImportUrl: e.LOCALHOST_IMPORT_URL.replace(/\/+$/, ''),
    deployments: {
      hostedAppUrl: e.HOSTED_APP_URL,
      clusterDomain: e.CLUSTER_DOMAIN,
      trialVmProvider: e.TRIAL_VM_PROVIDER ?? (e.HETZNER_API_TOKEN ? 'hetzner' : 'local'),
      gpuProvider: e.GPU_PROVIDER ?? (e.CIVO_API_KEY ? 'civo' : 'local'),
      hetzner: { token: e.HETZNER_API_TOKEN, apiUrl: e.HETZNER_API_URL.replace(/\/+$/, ''), serverType: e.HETZNER_SERVER_TYPE, location: e.HETZNER_LOCATION, image: e.HETZNER_IMAGE },
      civo: { apiKey: e.CIVO_API_KEY, apiUrl: e.CIVO_API_URL.replace(/\/+$/, ''), region: e.CIVO_REGION, size: e.CIVO_GPU_SIZE, diskImage: e.CIVO_DISK_IMAGE },
      releasesUrl: e.RELEASES_URL === 'off' ? undefined : e.RELEASES_URL,
      releasesTimeoutMs: e.RELEASES_TIMEOUT_MS,
      localMachineLimits: { perUser: e.LOCAL_MAX_MACHINES_PER_USER, perHost: e.LOCAL_MAX_MACHINES_PER_HOST },
      local: {
        sandbox: e.LOCAL_SANDBOX,
        singleUser: e.LOCAL_SINGLE_USER,
        uidBase: e.LOCAL_SANDBOX_UID_BASE,
        uidClaimsDir: path.resolve(e.LOCAL_SANDBOX_UID_CLAIMS),
        memoryMb: e.LOCAL_MACHINE_MEMORY_MB,
        maxProcesses: e.LOCAL_MACHINE_MAX_PROCESSES,
        maxFileMb: e.LOCAL_MACHINE_MAX_FILE_MB,
        cpus: e.LOCAL_MACHINE_CPUS,
        diskMb: e.LOCAL_MACHINE_DISK_MB,
        limits: e.LOCAL_MACHINE_LIMITS,
      },
    },
    licensePrivateKey: e.LICENSE_PRIVATE_KEY,
    identityKeys: e.IDENTITY_KEYS,
    production: e.NODE_ENV === 'production',
    pingRateLimitPerMinute: e.PING_RATE_LIMIT_PER_MINUTE,
    rateLimits: { signinPerMinute: e.RATE_LIMIT_SIGNIN_PER_MINUTE, signinPerAccount: e.RATE_LIMIT_SIGNIN_PER_ACCOUNT, publicPerMinute: e.RATE_LIMIT_PUBLIC_PER_MINUTE },
    payments:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { gateway: 'stripe', secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
        : { gateway: 'local', maxAmountCents: e.LOCAL_CHECKOUT_MAX_CENTS },
    ciSecret: e.CI_SECRET,
    userInfo: e.USER_INFO_URL ? { provider: 'http', url: e.USER_INFO_URL, timeoutMs: e.USER_INFO_TIMEOUT_MS } : { provider: 'none' },
    demoVideos: { ...(e.DEMO_VIDEO_URL ? { landing: e.DEMO_VIDEO_URL } : {}), ...(e.CODE_DEMO_VIDEO_URL ? { code: e.CODE_DEMO_VIDEO_URL } : {}) },
    artifacts:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            store: 's3',
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { store: 'folder', dir: path.resolve(e.ARTIFACTS_DIR ?? path.join(e.DATA_DIR, 'artifacts')) },
    agents: { dir: path.resolve(e.AGENTS_DIR ?? bundledCatalogueDir), modelClasses: e.MODEL_SUBSTITUTIONS },
    metrics: { enabled: e.METRICS_ENABLED, token: e.METRICS_TOKEN },
    apiKeysPerUser: e.API_KEYS_PER_USER,
    maxTeamsPerPerson: e.MAX_TEAMS_PER_PERSON,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? `${e.PRODUCT_NAME} <noreply@${new URL(publicUrl).hostname}>` },
    alertWebhook: e.ALERT_WEBHOOK_URL && e.ALERT_WEBHOOK_SECRET ? { url: e.ALERT_WEBHOOK_URL, secret: e.ALERT_WEBHOOK_SECRET } : undefined,
    unpaidGraceMinutes: e.UNPAID_GRACE_MINUTES,
    adminTopupMaxCents: e.ADMIN_TOPUP_MAX_CENTS,
    bankTransfer: bankTransferOf(e),
    invoicing:
      e.INVOICING === 'on' && e.OPERATOR_LEGAL_NAME && e.OPERATOR_ADDRESS && e.OPERATOR_COUNTRY
        ? {
            // one line in the environment: `\n` or `;` separate the address's lines
            operator: {
              legalName: e.OPERATOR_LEGAL_NAME,
              address: e.OPERATOR_ADDRESS.split(/\\n|;/)
                .map((l) => l.trim())
                .filter(Boolean)
                .join('\n'),
              country: e.OPERATOR_COUNTRY,
              taxId: e.OPERATOR_TAX_ID,
              email: e.OPERATOR_EMAIL,
            },
            taxRatePercent: e.TAX_RATE_PERCENT,
            footer: e.INVOICE_FOOTER,
            paper: e.INVOICE_PAPER,
            currency: e.INVOICE_CURRENCY,
            dueDays: e.INVOICE_DUE_DAYS,
          }
        : undefined,
  };
}

/** Every environment variable Launchpad reads (deployment manifests are checked against it). */
export const configEnvKeys: readonly string[] = Object.keys(envSchema.shape);
