import { adminDeploymentSortKeys, adminDeploymentsFilters } from '../../../shared/api/deployments';
import { listViewCodec } from '../../shell/view-state';

/** The Deployment Dashboard's search, filters, order and page, all in the address. */
export const deploymentViewCodec = listViewCodec(adminDeploymentsFilters.omit({ sort: true, dir: true }), adminDeploymentSortKeys);
export type DeploymentListView = ReturnType<typeof deploymentViewCodec.read>;
export type DeploymentFilters = DeploymentListView['filters'];
