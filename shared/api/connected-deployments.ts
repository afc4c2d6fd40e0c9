import { z } from 'zod';
import { json, jsonBody, noContent, route } from './route';
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
  id: safeText({ max: 40, trim: false }).optional(),
  name: createConnectedDeploymentBody.shape.name,
  description: safeText({ max: connectedLimits.description, label: 'Description' }).optional().default(''),
  url: httpUrl,
  is_default: z.boolean().optional().default(false),
});
export const syncConnectedDeploymentsBody = z.object({ local_storage_deployments: z.array(localStoredDeployment).max(200) });
/** The sync answers the user's full list after the merge. */
export const syncConnectedDeploymentsResponse = connectedDeploymentList;

/** Private deployments of the deploy menu (public-site 7). */
export const connectedDeploymentsContract = {
  list: route({
    name: 'connected-deployments.list',
    method: 'GET',
    path: '/api/connected-deployments',
    summary: "The caller's private deployments",
    tag: 'connected-deployments',
    auth: 'user',
    responses: { 200: json('Private deployments', connectedDeploymentList) },
  }),
  create: route({
    name: 'connected-deployments.create',
    method: 'POST',
    path: '/api/connected-deployments',
    summary: 'Add a private deployment',
    tag: 'connected-deployments',
    auth: 'user',
    body: jsonBody(createConnectedDeploymentBody),
    responses: { 201: json('Added', connectedDeployment) },
    what: { body: 'deployment' },
  }),
  sync: route({
    name: 'connected-deployments.sync',
    method: 'POST',
    path: '/api/connected-deployments/sync',
    summary: 'Merge browser-stored private deployments',
    tag: 'connected-deployments',
    auth: 'user',
    body: jsonBody(syncConnectedDeploymentsBody),
    responses: { 200: json('The full list after the merge', syncConnectedDeploymentsResponse) },
    what: { body: 'deployments to sync' },
  }),
  remove: route({
    name: 'connected-deployments.delete',
    method: 'DELETE',
    path: '/api/connected-deployments/{id}',
    summary: 'Remove a private deployment',
    tag: 'connected-deployments',
    auth: 'user',
    params: connectedDeploymentIdParam,
    responses: { 204: noContent },
    what: { params: 'deployment id' },
  }),
};
