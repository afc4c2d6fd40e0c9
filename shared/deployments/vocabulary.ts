/**
 * The deployments domain's words, defined once: the database columns (drizzle `text({ enum })`),
 * the server's queries, billing and the UI all take them from here.
 */

/** A deployment's life: requested, machine being made, platform installing, running; failed; on its way out, gone. */
export const deploymentStatuses = ['pending', 'creating', 'installing', 'running', 'failed', 'deleting', 'deleted'] as const;
export type DeploymentStatus = (typeof deploymentStatuses)[number];
/** The statuses of the API's answers: the stored ones, and `updating` (running, with a version change under way; never stored). */
export const deploymentWireStatuses = [...deploymentStatuses, 'updating'] as const;
/**
 * A status a newer server sent that this build does not know. The rule (README, Architecture): it
 * is kept as sent, so the list still loads and the badge shows it as given in the neutral tone (spec:
 * "any other value is displayed as given"); no code acts on it.
 */
export type UnknownDeploymentStatus = string & { readonly unknownDeploymentStatus: true };
/** What a renderer reads from the wire: a known status, or one it does not know. */
export type WireDeploymentStatus = (typeof deploymentWireStatuses)[number] | UnknownDeploymentStatus;

/** Statuses while the machine is being made: the provisioner may still write the row. */
export const provisioningStatuses: DeploymentStatus[] = ['pending', 'creating', 'installing'];
/** Statuses in which a deployment holds a machine that is paid for by the hour. */
export const billedStatuses: DeploymentStatus[] = [...provisioningStatuses, 'running'];
/** Statuses in which a deployment is gone or on its way out: hidden from lists, never written by provisioning. */
export const endedStatuses: DeploymentStatus[] = ['deleting', 'deleted'];

/** Where a deployment's machine runs (server/deployments/providers). */
export const providerNames = ['local', 'hetzner', 'civo'] as const;
export type ProviderName = (typeof providerNames)[number];

/** A GPU instance's setup step. */
export const setupStepStatuses = ['pending', 'running', 'completed', 'failed'] as const;
export type SetupStepStatus = (typeof setupStepStatuses)[number];
