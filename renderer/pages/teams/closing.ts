import { formatCents } from '../../../shared/api/billing';
import type { TeamDetail } from '../../../shared/api/teams';

type Holdings = Pick<TeamDetail, 'balance_cents' | 'live_licences'>;

/** What a team holds that must move before it is deleted ("$12.00 and 1 live licence"), or undefined when nothing. */
export function leftInTeam(team: Holdings): string | undefined {
  const parts = [team.balance_cents > 0 ? formatCents(team.balance_cents) : '', team.live_licences > 0 ? `${team.live_licences} live licence${team.live_licences === 1 ? '' : 's'}` : ''].filter(
    Boolean,
  );
  return parts.length ? parts.join(' and ') : undefined;
}

/** Why the owner cannot delete the team now, as they read it under the disabled button; undefined when they can (credit and licences move with the deletion). */
export function deleteRefusal(team: Holdings & Pick<TeamDetail, 'running_deployments'>): string | undefined {
  const n = team.running_deployments;
  if (n > 0) return `Delete the team’s ${n === 1 ? 'deployment' : `${n} deployments`} first: a team with deployments cannot be deleted.`;
  if (team.balance_cents < 0) return `The team owes ${formatCents(-team.balance_cents)}: add funds to bring its balance to $0.00 first.`;
  return undefined;
}
