import { useNavigate } from 'react-router-dom';
import type { TeamDetail, TeamMember } from '../../../shared/api/teams';
import { formatDate } from '../../../shared/format/dates';
import { allows, asMember } from '../../../shared/auth/policy';
import { type AssignableRole, assignableRoles, roleLabels } from '../../../shared/teams/roles';
import { useChangeRole, useRemoveMember } from '../../queries/teams';
import { linkTo } from '../../routes/links';
import { DataTable } from '../../shell/DataTable';
import { OptionSelect } from '../../shell/OptionSelect';
import { toast } from '../../shell/toast-store';
import { sourceLabels } from './labels';
import { confirmAction } from '../../shell/confirm-store';

const roleOptions = assignableRoles.map((r) => [r, roleLabels[r]] as const);

function RoleCell({ teamId, member, editable }: { teamId: string; member: TeamMember; editable: boolean }) {
  const change = useChangeRole(teamId);
  if (!editable) return <>{roleLabels[member.role]}</>;
  const pick = (role: string) =>
    change.mutate(
      { userId: member.user_id, role: role as AssignableRole },
      {
        onSuccess: (m) => toast({ kind: 'success', title: 'Role changed', message: `${m.email} is now ${roleLabels[m.role]}.` }),
        onError: (err) => toast({ kind: 'error', title: 'Could not change the role', message: err.message }),
      },
    );
  return <OptionSelect className="control control-compact" aria-label={`Role of ${member.email}`} value={member.role} options={roleOptions} disabled={change.isPending} onChange={pick} />;
}

function RemoveButton({ team, member, self }: { team: TeamDetail; member: TeamMember; self: boolean }) {
  const remove = useRemoveMember(team.id);
  const navigate = useNavigate();
  const click = async () => {
    const question = self
      ? `Leave ${team.name}? You lose access to its deployments and balance, your API keys for it are revoked and your terminals on its deployments end.`
      : `Remove ${member.email} from ${team.name}? Their API keys for this team are revoked and their terminals on its deployments end at once.`;
    if (!(await confirmAction({ message: question, action: self ? 'Leave team' : 'Remove member' }))) return;
    remove.mutate(member.user_id, {
      onSuccess: () => {
        if (!self) return void toast({ kind: 'success', title: 'Member removed', message: `${member.email} is no longer in ${team.name}.` });
        toast({ kind: 'success', title: 'You left the team', message: team.name });
        void navigate(linkTo('teams'));
      },
      onError: (err) => toast({ kind: 'error', title: self ? 'Could not leave the team' : 'Could not remove the member', message: err.message }),
    });
  };
  return (
    <button type="button" className="btn btn-small btn-danger" onClick={() => void click()} disabled={remove.isPending} aria-label={self ? `Leave team ${team.name}` : `Remove ${member.email}`}>
      {self ? 'Leave team' : 'Remove'}
    </button>
  );
}

/** The team's members: e-mail, role (a select for owners and admins), when and how they joined, and Remove or Leave. */
export function MembersTable({ team, myId }: { team: TeamDetail; myId: string | undefined }) {
  const manages = allows(asMember(team.id, team.role), { do: 'manage-members', what: 'manage members' });
  return (
    <DataTable
      label="Members"
      testId="team-members-table"
      scope="col"
      keyColumns={['E-mail', 'Actions']}
      columns={['E-mail', 'Role', 'Joined', 'Source', { label: <span className="visually-hidden">Actions</span>, text: 'Actions' }]}
    >
      {team.member_list.map((m) => {
        const self = m.user_id === myId;
        const owner = m.role === 'owner';
        return (
          <tr key={m.user_id} data-testid="team-member-row">
            <td className="teams-email">
              {m.email}
              {self && <span className="muted"> (you)</span>}
            </td>
            <td>
              <RoleCell teamId={team.id} member={m} editable={manages && !owner && !self} />
            </td>
            <td className="nowrap">{formatDate(m.joined_at)}</td>
            <td className="nowrap">{sourceLabels[m.source]}</td>
            <td className="cell-actions">
              {self && owner ? <span className="muted small">Transfer ownership to leave</span> : self || (manages && !owner) ? <RemoveButton team={team} member={m} self={self} /> : null}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
