import { z } from 'zod';
import { type Brand, versionField } from '../brand';
import { createTimeoutOptions, extendTimeoutOptions } from '../deployments/timeouts';

export const deploymentNameMax = 63;
export const versionMax = 64;

const oneOf = (options: readonly (number | null)[], what: string) =>
  z
    .number()
    .int()
    .nullable()
    .refine((v) => options.includes(v), { message: `${what} must be one of: ${options.map((o) => (o === null ? 'null (forever)' : o)).join(', ')}` });

// eslint-disable-next-line no-control-regex
const printable = /^[^\u0000-\u001f\u007f]*$/;

export const versionTag = z
  .string()
  .trim()
  .max(versionMax)
  .regex(/^[0-9A-Za-z][0-9A-Za-z.+-]*$/, 'Version must look like a release tag such as 2.12.2');

/** POST /api/deployments: `{configId, name, timeoutMins, <brand>Version}`, read into one shape. */
export function createDeploymentBody(brand: Brand) {
  const field = versionField(brand);
  const version = z.union([versionTag, z.literal('')]).nullish();
  return z
    .object({
      configId: z.string().min(1, 'Select a deployment type').max(64),
      name: z.string().trim().min(1, 'Deployment name is required').max(deploymentNameMax).regex(printable, 'Name must not contain control characters'),
      timeoutMins: oneOf(createTimeoutOptions, 'timeoutMins').default(null),
    })
    .loose()
    .transform((b, ctx) => {
      const v = version.safeParse(b[field]);
      if (!v.success) {
        for (const issue of v.error.issues) ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
        return z.NEVER;
      }
      return { configId: b.configId, name: b.name, timeoutMins: b.timeoutMins, version: v.data || undefined };
    });
}
export type CreateDeploymentInput = z.infer<ReturnType<typeof createDeploymentBody>>;

export const updateTimeoutBody = z.object({ timeoutMins: oneOf(extendTimeoutOptions, 'timeoutMins') });
export const updateVersionBody = z.object({ version: versionTag.min(1, 'Version is required') });
export const deploymentIdParam = z.object({ id: z.uuid('Unknown deployment') });
export const setupStepParams = z.object({ id: z.uuid('Unknown deployment'), stepId: z.string().min(1).max(64) });

export const deploymentStatus = z.string();

/** A deployment as the API answers it; `<brand>_version` on the wire, `version` in code. */
export function deploymentWire(brand: Brand) {
  const field = `${brand.id}_version`;
  const version = z.string().nullable().optional();
  return z
    .object({
      id: z.string(),
      name: z.string(),
      user_id: z.string(),
      user_email: z.string().nullable().optional(),
      server_id: z.string().nullable(),
      status: deploymentStatus,
      ipv4: z.string().nullable(),
      ui_url: z.string().nullable(),
      provider: z.string(),
      deployment_config_id: z.string(),
      hourly_rate_cents: z.number().nullable(),
      timeout_mins: z.number().nullable(),
      expires_at: z.string().nullable(),
      error_message: z.string().nullable(),
      ssh_public_key: z.string().nullable().optional(),
      ssh_private_key: z.string().nullable().optional(),
      created_at: z.string(),
      updated_at: z.string(),
    })
    .loose()
    .transform((d, ctx) => {
      const v = version.safeParse(d[field]);
      if (!v.success) {
        ctx.addIssue({ code: 'custom', path: [field], message: 'must be a string or null' });
        return z.NEVER;
      }
      const { [field]: _wire, ...rest } = d;
      return { ...(rest as typeof d), version: v.data ?? null };
    });
}
export type Deployment = z.infer<ReturnType<typeof deploymentWire>>;

export const setupStep = z.object({
  id: z.string(),
  description: z.string(),
  emoji: z.string(),
  completed: z.boolean(),
  status: z.enum(['pending', 'running', 'completed', 'failed']),
  error: z.string().nullable(),
});
export type SetupStep = z.infer<typeof setupStep>;
export const setupStepList = z.array(setupStep);

export const deploymentTypeWire = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  hourlyRateCents: z.number().nullable(),
  monthlyPerUserCents: z.number().nullable(),
  features: z.array(z.string()),
  creatable: z.boolean(),
  gpu: z.boolean(),
  poweredBy: z.string().optional(),
  hostedAppUrl: z.string().optional(),
});
export const deploymentTypesResponse = z.object({ data: z.array(deploymentTypeWire) });
export type DeploymentTypeWire = z.infer<typeof deploymentTypeWire>;

export const userMetaResponse = z.object({ meta: z.object({ huggingface_token: z.string().nullable() }) });
export const updateUserMetaBody = z.object({
  huggingface_token: z.string().trim().max(256).regex(/^[A-Za-z0-9_-]*$/, 'Token may contain letters, digits, _ and - only'),
});

export const releasesResponse = z.object({
  versions: z.array(z.string()),
  stable: z.array(z.string()),
  default: z.string().nullable(),
  source: z.enum(['live', 'cache', 'bundled']),
});
export type ReleasesResponse = z.infer<typeof releasesResponse>;

/** `Idempotency-Key` header of POST /api/deployments: a retried create returns the first deployment. */
export const deploymentIdempotencyKey = z.string().trim().min(1).max(200).regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be printable ASCII').optional();
export const rerunSetupStepResponse = z.object({ ok: z.literal(true) });
/** The terminal WebSocket's query: a browser cannot set headers on an upgrade, so the bearer comes as `token`. */
export const terminalQuery = z.object({ token: z.string().min(1), follow: z.literal('install').optional() });
