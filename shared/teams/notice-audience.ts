import type { NotificationKind } from '../api/notifications';
import { managesMembers, roleScopes, type TeamRole } from './roles';

/**
 * Which members of a team are mailed a team notice (issue 43: every notice went to every member):
 * money to those who pay (the roles with billing: owner, admins, billing members), deployments to
 * the owner and admins (and the member who created the deployment, added by the sender), the
 * team's membership and its new API keys to those who manage it. The bell of the team's account shows every notice to
 * every member; this decides only the e-mails.
 */
const billingKinds = [
  'low_balance',
  'balance_empty_soon',
  'payment_received',
  'topup_received',
  'spend_limit',
  'licence_expiring',
  'licence_payment_pending',
  'licence_revoked',
  'licence_changed',
  'licence_issued',
  'licence_activated',
] as const satisfies readonly NotificationKind[];
const deploymentKinds = [
  'deployment_expiring',
  'deployment_terminated',
  'deployment_ready',
  'deployment_failed',
  'deployment_version',
  'deployment_deleted',
  'deployment_timeout',
] as const satisfies readonly NotificationKind[];

export const isDeploymentKind = (kind: NotificationKind) => (deploymentKinds as readonly NotificationKind[]).includes(kind);
const isBillingKind = (kind: NotificationKind) => (billingKinds as readonly NotificationKind[]).includes(kind);

export function audienceOf(kind: NotificationKind): (role: TeamRole) => boolean {
  if (isBillingKind(kind)) return (role) => roleScopes[role].includes('billing');
  // the creator is added by the sender, who knows the deployment
  if (isDeploymentKind(kind)) return managesMembers;
  // a key acts for the team: those who manage its members hear of a new one
  if (kind === 'team_member_joined' || kind === 'api_key_created') return managesMembers;
  return () => true;
}
