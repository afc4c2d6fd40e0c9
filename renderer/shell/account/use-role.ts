import type { AccountSummary } from '../../../shared/api/auth';
import type { ApiRoute } from '../../../shared/api/route';
import { asMember, refusal } from '../../../shared/auth/policy';
import { roleScopes, type TeamRole } from '../../../shared/teams/roles';
import { linkTo } from '../../routes/links';
import { accountLabel } from '../../../shared/teams/account-label';
import { useAccountStore } from '../../auth/account-store';
import { useMe } from '../../queries/auth';

/** The team this tab acts in, with the person's role there; undefined in the personal account (or until the accounts are known). */
export function useCurrentTeam(): AccountSummary | undefined {
  const teamId = useAccountStore((s) => s.teamId);
  // the personal account allows everything: no need to ask who the person is
  const me = useMe(teamId !== undefined);
  return teamId ? me.data?.accounts.find((a) => a.kind === 'team' && a.id === teamId) : undefined;
}

/** Whether this tab knows the account it acts in: the personal account at once, a team tab once the person's accounts (the team's name and their role) are known. */
export function useAccountKnown(): boolean {
  const teamId = useAccountStore((s) => s.teamId);
  const team = useCurrentTeam();
  return teamId === undefined || team !== undefined;
}

/**
 * Why the person may not do what `route` does in the account this tab acts in, in the sentence the
 * server would answer (shared/auth/policy.ts, the one policy), or undefined when they may: a
 * screen hides or disables the action with this sentence instead of letting the server refuse it.
 */
export function useRoleRefusal(route: Pick<ApiRoute, 'auth' | 'method' | 'tag' | 'websocket' | 'name'>): string | undefined {
  const team = useCurrentTeam();
  return team ? refusal(asMember(team.id, team.role, team.name), { do: 'call', route }) : undefined;
}

/** Where a role's work is, from the rule table: a role that deploys lands on Hosted Deployments, one that only pays (billing) on Balance. */
export function landingOf(role: TeamRole): string {
  return roleScopes[role].includes('deploy') ? linkTo('deployments') : linkTo('balance');
}

/** The account this tab's payments go into, as every payment screen names it ("Acme (team)", "your personal account"); undefined until a team tab knows its team. */
export function usePayerLabel(): string | undefined {
  const known = useAccountKnown();
  const team = useCurrentTeam();
  return known ? accountLabel(team) : undefined;
}
