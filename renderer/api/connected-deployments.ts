import { z } from 'zod';
import { type ConnectedDeployment, connectedDeploymentsContract as c, type CreateConnectedDeploymentBody } from '../../shared/api/connected-deployments';
import { call, callAs } from './call';

/** A browser-stored entry as the one-time sync sends it. */
export interface LocalDeploymentEntry {
  id?: string;
  name: string;
  description: string;
  url: string;
  is_default: boolean;
}

/** The private (connected) deployment calls of public-site 7, each one an entry of the shared contract. */
export const connectedDeploymentsApi = {
  list: (): Promise<ConnectedDeployment[]> => call(c.list),
  create: (body: CreateConnectedDeploymentBody): Promise<ConnectedDeployment> => call(c.create, { body }),
  // The answer of a delete is not read (a 204 or a small JSON body are both fine).
  remove: (id: string): Promise<void> => callAs(c.remove, z.unknown(), { params: { id } }).then(() => undefined),
  sync: (entries: LocalDeploymentEntry[]): Promise<ConnectedDeployment[]> => call(c.sync, { body: { local_storage_deployments: entries } }),
};
