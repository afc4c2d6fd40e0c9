import { Link } from 'react-router-dom';
import { roleLabels } from '../../../shared/teams/roles';
import { formatDate } from '../../../shared/format/dates';
import { useTeams } from '../../queries/teams';
import { teamPath } from '../../../shared/routes/app-paths';
import { DataTable, MessageRow } from '../../shell/DataTable';
import { LoadError } from '../../shell/LoadError';
import { PageTitle } from '../../shell/Page';
import { CreateTeamForm } from './CreateTeamForm';
import { WorkInTeamButton } from './WorkInTeamButton';
import { PendingInvitations } from '../../shell/account/PendingInvitations';

/** /teams: the teams you belong to, with your role, and a form to create one. */
export function TeamList() {
  const teams = useTeams();
  return (
    <section className="page teams-page">
      <PageTitle>Teams</PageTitle>
      <p className="page-lead">
        A team is an account of its own: one balance, shared deployments, licenses and API keys, and a role for every member. Choose the account you work in at the top of the page.
      </p>

      <PendingInvitations headed />

      <section className="card table-card section-card" aria-labelledby="teams-yours-title">
        <div className="card-head">
          <h2 id="teams-yours-title">Your teams</h2>
        </div>
        {teams.isError ? (
          <div className="card-body">
            <LoadError what="your teams" error={teams.error} onRetry={() => void teams.refetch()} />
          </div>
        ) : (
          <DataTable
            label="Your teams table"
            testId="teams-table"
            scope="col"
            keyColumns={['Name', 'Actions']}
            columns={['Name', 'Your role', { label: 'Members', className: 'num' }, 'Created', { label: <span className="visually-hidden">Actions</span>, text: 'Actions' }]}
            busy={teams.isPending}
          >
            {teams.isPending && <MessageRow colSpan={5}>Loading teams…</MessageRow>}
            {teams.data?.length === 0 && (
              <MessageRow colSpan={5}>You are not in a team yet. Create one below, or accept an invitation: those sent to your e-mail appear above and in the bell.</MessageRow>
            )}
            {teams.data?.map((t) => (
              <tr key={t.id}>
                <td className="teams-wrap">
                  <Link to={teamPath(t.id)}>{t.name}</Link>
                </td>
                <td>{roleLabels[t.role]}</td>
                <td className="num">{t.members}</td>
                <td className="nowrap">{formatDate(t.created_at)}</td>
                <td className="cell-actions">
                  <WorkInTeamButton team={t} />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>

      <section className="card teams-create" id="create-team" aria-labelledby="teams-create-title">
        <h2 id="teams-create-title">Create team</h2>
        <p className="muted">You become its owner. It starts with an empty balance: top it up while working in it.</p>
        <CreateTeamForm />
      </section>
    </section>
  );
}
