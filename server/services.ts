import { allowAllBillingGate } from './billing/gate';
import type { AppDeps } from './deps';
import { autoTerminate, reconcile } from './deployments/jobs';
import { createProviders } from './deployments/providers/registry';
import type { DeploymentDeps } from './deployments/service';
import type { Job } from './jobs/scheduler';
import { createBackgroundTasks, type BackgroundTasks } from './jobs/tasks';
import { createReleaseSource, type ReleaseSource } from './releases/service';

/** The domain services built once per app, shared by routes, the terminal bridge and jobs. */
export interface Services {
  releases: ReleaseSource;
  tasks: BackgroundTasks;
  deployments: DeploymentDeps;
  jobs: Job[];
}

export function createServices(deps: AppDeps): Services {
  const brand = deps.config.product;
  const releases = createReleaseSource({ url: deps.config.deployments.releasesUrl });
  const tasks = createBackgroundTasks(deps.logger);
  const deployments: DeploymentDeps = {
    db: deps.db,
    clock: deps.clock,
    brand,
    logger: deps.logger,
    providers: createProviders(deps.config, brand),
    releases,
    billing: allowAllBillingGate,
    tasks,
    userData: () => '',
    leaseMs: 2 * 60_000,
    pollMs: 1000,
  };
  const jobs: Job[] = [
    { name: 'deployments.auto-terminate', everyMs: 30_000, run: () => autoTerminate(deployments) },
    { name: 'deployments.reconcile', everyMs: 60_000, run: () => reconcile(deployments) },
  ];
  return { releases, tasks, deployments, jobs };
}
