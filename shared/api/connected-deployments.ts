import { z } from 'zod';
import { json, jsonBody, noContent, routesOf } from './route';
import { safeText } from './text';

/** Limits for a private (connected) deployment reference; the spec only says "lengths". */
export const connectedLimits = { name: 100, description: 500, url: 2048 } as const;

const httpUrl = safeText({ required: 'URL is required', max: connectedLimits.url, label: 'URL' }).refine((value) => {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}, 'Please enter a valid URL');

/** POST /api/connected-deployments (public-site 7) */
export const createConnectedDeploymentBody = z.object({
  name: safeText({ required: 'Name is required', max: connectedLimits.name, label: 'Name' }),
  description: safeText({ max: connectedLimits.description, label: 'Description' }).optional().default(''),
  url: httpUrl,
  is_default: z.boolean().optional().default(false),
});
export type CreateConnectedDeploymentBody = z.input<typeof createConnectedDeploymentBody>;

/** PATCH /api/connected-deployments/{id}: a new description (empty clears it). */
export const updateConnectedDeploymentBody = z.object({
  description: safeText({ max: connectedLimits.description, label: 'Description' }),
});
export type UpdateConnectedDeploymentBody = z.input<typeof updateConnectedDeploymentBody>;

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

export const connectedDeploymentIdParam = z.object({ id: z.string().regex(/^cd_[a-z0-9]{20}$/, 'Unknown deployment') }).describe('deployment id');

/** A browser-stored entry (key `deployments`) as it arrives for the one-time sync; bad entries are rejected as a whole request. */
export const localStoredDeployment = z.object({
  id: safeText({ max: 40, trim: false }).optional(),
  name: createConnectedDeploymentBody.shape.name,
  description: safeText({ max: connectedLimits.description, label: 'Description' }).optional().default(''),
  url: httpUrl,
  is_default: z.boolean().optional().default(false),
});
export const syncConnectedDeploymentsBody = z.object({ local_storage_deployments: z.array(localStoredDeployment).max(200) });
/** The sync answers the user's full list after the merge. */
export const syncConnectedDeploymentsResponse = connectedDeploymentList;

const route = routesOf('connected-deployments');

/** Private deployments of the deploy menu (public-site 7). */
export const connectedDeploymentsContract = {
  list: route('user', 'connected-deployments.list', 'GET /api/connected-deployments', {
    summary: "The caller's private deployments",
    responses: { 200: json('Private deployments', connectedDeploymentList) },
  }),
  create: route('user', 'connected-deployments.create', 'POST /api/connected-deployments', {
    summary: 'Add a private deployment',
    body: jsonBody(createConnectedDeploymentBody, 'deployment'),
    responses: { 201: json('Added', connectedDeployment) },
  }),
  sync: route('user', 'connected-deployments.sync', 'POST /api/connected-deployments/sync', {
    summary: 'Merge browser-stored private deployments',
    body: jsonBody(syncConnectedDeploymentsBody, 'deployments to sync'),
    responses: { 200: json('The full list after the merge', syncConnectedDeploymentsResponse) },
  }),
  update: route('user', 'connected-deployments.update', 'PATCH /api/connected-deployments/{id}', {
    summary: "Change a private deployment's description (404 for one that is not the caller's)",
    params: connectedDeploymentIdParam,
    body: jsonBody(updateConnectedDeploymentBody, 'description'),
    responses: { 200: json('Changed', connectedDeployment) },
  }),
  remove: route('user', 'connected-deployments.delete', 'DELETE /api/connected-deployments/{id}', {
    summary: 'Remove a private deployment',
    params: connectedDeploymentIdParam,
    responses: { 204: noContent },
  }),
};
