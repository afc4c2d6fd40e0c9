import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type InviteBody, teamsContract as c } from '../../shared/api/teams';
import type { AssignableRole } from '../../shared/teams/roles';
import { callAsPerson } from '../api/call';
import { switchAccount, useAccountStore } from '../auth/account-store';
import { meKey } from './auth';
import { licenseKeys } from './licenses';

/**
 * Issue 34: teams, their members and invitations. Every call is about the person (the team is in
 * the path), so none carries the tab's X-Account: a team page works from any account.
 */
export const teamsApi = {
  list: () => callAsPerson(c.list),
  create: (name: string) => callAsPerson(c.create, { body: { name } }),
  get: (teamId: string) => callAsPerson(c.get, { params: { teamId } }),
  rename: (teamId: string, name: string) => callAsPerson(c.rename, { params: { teamId }, body: { name } }),
  delete: (teamId: string, moveTo?: string) => callAsPerson(c.delete, { params: { teamId }, query: { move_to: moveTo } }),
  transfer: (teamId: string, userId: string) => callAsPerson(c.transfer, { params: { teamId }, body: { user_id: userId } }),
  invite: (teamId: string, body: InviteBody) => callAsPerson(c.invite, { params: { teamId }, body }),
  revokeInvitation: (teamId: string, invitationId: string) => callAsPerson(c.revokeInvitation, { params: { teamId, invitationId } }),
  changeRole: (teamId: string, userId: string, role: AssignableRole) => callAsPerson(c.changeRole, { params: { teamId, userId }, body: { role } }),
  removeMember: (teamId: string, userId: string) => callAsPerson(c.removeMember, { params: { teamId, userId } }),
  preview: (token: string) => callAsPerson(c.previewInvitation, { params: { token } }),
  accept: (token: string) => callAsPerson(c.acceptInvitation, { params: { token } }),
  resend: (teamId: string, invitationId: string) => callAsPerson(c.resendInvitation, { params: { teamId, invitationId } }),
  mine: () => callAsPerson(c.mine),
  acceptMine: (invitationId: string) => callAsPerson(c.acceptMine, { params: { invitationId } }),
  declineMine: (invitationId: string) => callAsPerson(c.declineMine, { params: { invitationId } }),
};

export const teamKeys = {
  all: ['teams'] as const,
  list: ['teams', 'list'] as const,
  one: (teamId: string) => ['teams', 'one', teamId] as const,
  invitation: (token: string) => ['teams', 'invitation', token] as const,
  mine: ['teams', 'my-invitations'] as const,
};

/** Invitations waiting for the person's verified e-mail (the bell and /teams): asked again each minute and when the tab comes back. */
export function useMyInvitations(enabled = true) {
  return useQuery({ queryKey: teamKeys.mine, queryFn: teamsApi.mine, select: (d) => d.invitations, enabled, refetchInterval: 60_000, refetchOnWindowFocus: 'always' });
}

export function useTeams() {
  return useQuery({ queryKey: teamKeys.list, queryFn: teamsApi.list, select: (d) => d.teams });
}

export function useTeam(teamId: string) {
  return useQuery({ queryKey: teamKeys.one(teamId), queryFn: () => teamsApi.get(teamId), enabled: teamId !== '' });
}

/** The link's invitation; read again when the tab comes back, so a tab left open shows the state another tab made (accepted, revoked). */
export function useInvitationPreview(token: string) {
  return useQuery({ queryKey: teamKeys.invitation(token), queryFn: () => teamsApi.preview(token), enabled: token !== '', retry: false, refetchOnWindowFocus: 'always' });
}

/**
 * After any change to a team: its page, the list, and the header's accounts (names and roles) are
 * read again. `gone` says whether the caller just left the team (or deleted it): a tab working in it
 * goes back to the personal account first, so it is not told it was dropped from a team it left.
 */
function useTeamChange<V, R>(mutationFn: (vars: V) => Promise<R>, gone?: (vars: V, me: string | undefined) => string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_result, vars) => {
      const left = gone?.(vars, client.getQueryData<{ id: string }>(meKey)?.id);
      if (left && useAccountStore.getState().teamId === left) switchAccount(undefined, true);
      return Promise.all([client.invalidateQueries({ queryKey: teamKeys.all }), client.invalidateQueries({ queryKey: meKey })]);
    },
  });
}

export const useCreateTeam = () => useTeamChange((name: string) => teamsApi.create(name));
export const useRenameTeam = (teamId: string) => useTeamChange((name: string) => teamsApi.rename(teamId, name));
export const useTransferTeam = (teamId: string) => useTeamChange((userId: string) => teamsApi.transfer(teamId, userId));
export const useInvite = (teamId: string) => useTeamChange((body: InviteBody) => teamsApi.invite(teamId, body));
export const useRevokeInvitation = (teamId: string) => useTeamChange((invitationId: string) => teamsApi.revokeInvitation(teamId, invitationId));
export const useChangeRole = (teamId: string) => useTeamChange(({ userId, role }: { userId: string; role: AssignableRole }) => teamsApi.changeRole(teamId, userId, role));
export const useRemoveMember = (teamId: string) =>
  useTeamChange(
    (userId: string) => teamsApi.removeMember(teamId, userId),
    (userId, me) => (userId === me ? teamId : undefined),
  );
export const useResendInvitation = (teamId: string) => useTeamChange((invitationId: string) => teamsApi.resend(teamId, invitationId));
export const useAcceptMine = () => useTeamChange((invitationId: string) => teamsApi.acceptMine(invitationId));
export const useDeclineMine = () => useTeamChange((invitationId: string) => teamsApi.declineMine(invitationId));

/** Accepting by the link; when it fails (accepted in another tab, revoked meanwhile) the page reads the invitation again and shows what it is now. */
export function useAcceptInvitation() {
  const client = useQueryClient();
  const change = useTeamChange((token: string) => teamsApi.accept(token));
  return {
    ...change,
    mutate: (token: string, opts?: Parameters<typeof change.mutate>[1]) =>
      change.mutate(token, {
        ...opts,
        onError: (...args) => {
          opts?.onError?.(...args);
          void client.invalidateQueries({ queryKey: teamKeys.invitation(token) });
        },
      }),
  };
}

/** A deleted team's page must not be read again (it would answer 404): only the list and the accounts are. */
export function useDeleteTeam(teamId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (moveTo: string | undefined) => teamsApi.delete(teamId, moveTo),
    onSuccess: () => {
      client.removeQueries({ queryKey: teamKeys.one(teamId) });
      if (useAccountStore.getState().teamId === teamId) switchAccount(undefined, true);
      // the credit and licences moved into another account: its balance and lists are read again
      return Promise.all([
        client.invalidateQueries({ queryKey: teamKeys.list }),
        client.invalidateQueries({ queryKey: meKey }),
        // billing.ts's billingKey (that module imports this one)
        client.invalidateQueries({ queryKey: ['billing'] }),
        client.invalidateQueries({ queryKey: licenseKeys.all }),
      ]);
    },
  });
}
