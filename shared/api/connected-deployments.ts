import { z } from 'zod';

/** Limits for a private (connected) deployment reference; the spec only says "lengths". */
export const connectedLimits = { name: 100, description: 500, url: 2048 } as const;

const httpUrl = z
  .string()
  .trim()
  .min(1, 'URL is required')
  .max(connectedLimits.url)
  .refine((value) => {
    try {
      const u = new URL(value);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Please enter a valid URL');

/** POST /api/connected-deployments (public-site 7) */
export const createConnectedDeploymentBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(connectedLimits.name),
  description: z.string().trim().max(connectedLimits.description).optional().default(''),
  url: httpUrl,
  is_default: z.boolean().optional().default(false),
});
export type CreateConnectedDeploymentBody = z.input<typeof createConnectedDeploymentBody>;

export const connectedDeployment = z.object({
  id: z.string(),
  user_id: z.string(),
  name: z.string(),
  description: z.string(),
  url: z.string(),
  is_default: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ConnectedDeployment = z.infer<typeof connectedDeployment>;
export const connectedDeploymentList = z.array(connectedDeployment);

export const connectedDeploymentIdParam = z.object({ id: z.string().regex(/^cd_[a-z0-9]{20}$/, 'Unknown deployment') });

/** A browser-stored entry (key `deployments`) as it arrives for the one-time sync; bad entries are rejected as a whole request. */
export const localStoredDeployment = z.object({
  id: z.string().max(40).optional(),
  name: createConnectedDeploymentBody.shape.name,
  description: z.string().trim().max(connectedLimits.description).optional().default(''),
  url: httpUrl,
  is_default: z.boolean().optional().default(false),
});
export const syncConnectedDeploymentsBody = z.object({ local_storage_deployments: z.array(localStoredDeployment).max(200) });
/** The sync answers the user's full list after the merge. */
export const syncConnectedDeploymentsResponse = connectedDeploymentList;
