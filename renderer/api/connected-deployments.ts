import { z } from 'zod';
import {
  type ConnectedDeployment,
  connectedDeployment,
  connectedDeploymentList,
  type CreateConnectedDeploymentBody,
  syncConnectedDeploymentsResponse,
} from '../../shared/api/connected-deployments';
import { apiRequest } from './client';

/** A browser-stored entry as the one-time sync sends it. */
export interface LocalDeploymentEntry {
  id?: string;
  name: string;
  description: string;
  url: string;
  is_default: boolean;
}

const path = (id: string) => `/api/connected-deployments/${encodeURIComponent(id)}`;

/** The private (connected) deployment calls of public-site 7, validated against the shared contract. */
export const connectedDeploymentsApi = {
  list: (): Promise<ConnectedDeployment[]> => apiRequest('/api/connected-deployments', { schema: connectedDeploymentList }),
  create: (body: CreateConnectedDeploymentBody): Promise<ConnectedDeployment> =>
    apiRequest('/api/connected-deployments', { method: 'POST', body, schema: connectedDeployment }),
  // The answer of a delete is not read (a 204 or a small JSON body are both fine).
  remove: (id: string): Promise<void> => apiRequest<unknown>(path(id), { method: 'DELETE', schema: z.unknown() }).then(() => undefined),
  sync: (entries: LocalDeploymentEntry[]): Promise<ConnectedDeployment[]> =>
    apiRequest('/api/connected-deployments/sync', {
      method: 'POST',
      body: { local_storage_deployments: entries },
      schema: syncConnectedDeploymentsResponse,
    }),
};
