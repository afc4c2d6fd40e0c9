import { Link } from 'react-router-dom';
import { formatCents } from '../../../shared/api/billing';
import type { TeamDetail } from '../../../shared/api/teams';
import { allows, asMember } from '../../../shared/auth/policy';
import { roleLabels, roleScopes, rolesWith } from '../../../shared/teams/roles';
import { useMe } from '../../queries/auth';
import { useTeam } from '../../queries/teams';
import { linkTo } from '../../routes/links';
import { PageTitle } from '../../shell/Page';
import { InvitationsTable } from './InvitationsTable';
import { InviteForm } from './InviteForm';
import { MembersTable } from './MembersTable';
import { OwnerActions } from './OwnerActions';
import { RenameForm } from './RenameForm';
import { SectionCard } from '../../shell/SectionCard';
import { WorkInTeamButton } from './WorkInTeamButton';
import { MoveCreditCard } from '../../shell/move-credit/MoveCreditCard';

/** One team's page: its name, balance and running deployments, members, invitations, and what the owner alone may do. */
export function TeamView({ teamId }: { teamId: string }) {
  const q = useTeam(teamId);
  return (
    <section className="page teams-page team-page">
      <p>
        <Link to={linkTo('teams')}>← Teams</Link>
      </p>
      {q.error ? (
        <>
          <PageTitle>Team</PageTitle>
          <p className="error-text" role="alert">
            {q.error.message}
          </p>
        </>
      ) : !q.data ? (
        <>
          <PageTitle>Team</PageTitle>
          <p className="muted">Loading…</p>
        </>
      ) : (
        <Team team={q.data} />
      )}
    </section>
  );
}

function Team({ team }: { team: TeamDetail }) {
  const me = useMe();
  const manages = allows(asMember(team.id, team.role), { do: 'manage-members', what: 'manage members' });
  return (
    <>
      <PageTitle>
        <span className="team-title">{team.name}</span>
      </PageTitle>
      <p className="page-lead team-identity">
        Your role: <strong data-testid="team-role">{roleLabels[team.role]}</strong> · {team.members} {team.members === 1 ? 'member' : 'members'}
        <span className="team-identity-action">
          <WorkInTeamButton team={team} />
        </span>
      </p>

      <div className="team-top">
        <div className="card" data-testid="team-balance">
          <h2 className="card-caption">Balance</h2>
          <p className="team-figure">{formatCents(team.balance_cents)}</p>
          <p className="muted small">
            {roleScopes[team.role].includes('billing')
              ? 'Top up on the Balance page while working in this team.'
              : `${rolesWith('billing').replace(/^./, (c) => c.toUpperCase())} top up this balance.`}
          </p>
        </div>
        <div className="card" data-testid="team-running">
          <h2 className="card-caption">Running deployments</h2>
          <p className="team-figure">{team.running_deployments}</p>
          <p className="muted small">Deployments not yet ended, charged to this team.</p>
        </div>
        {manages && (
          <div className="card">
            <h2 className="card-caption">Name</h2>
            <RenameForm team={team} />
          </div>
        )}
      </div>

      {roleScopes[team.role].includes('billing') && <MoveCreditCard from={team.id} />}

      <SectionCard scope="team" id="members" title="Members" count={team.member_list.length}>
        <MembersTable team={team} myId={me.data?.id} />
      </SectionCard>

      {manages && (
        <>
          <SectionCard scope="team" id="invitations" title="Invitations" count={team.invitations.length} note="Links lapse after 7 days">
            <InvitationsTable team={team} />
          </SectionCard>
          <SectionCard scope="team" id="invite" title="Invite member">
            <div className="card-body">
              <InviteForm teamId={team.id} />
            </div>
          </SectionCard>
        </>
      )}

      {team.role === 'owner' && <OwnerActions team={team} myId={me.data?.id} />}
    </>
  );
}
