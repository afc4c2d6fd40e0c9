import { Link } from 'react-router-dom';
import type { CustomerOverview } from '../../../shared/api/customers';
import { formatDate } from '../../../shared/format/dates';
import { roleLabels } from '../../../shared/teams/roles';
import { linkTo } from '../../routes/links';
import { CustomerLink } from '../../shell/admin/CustomerLink';
import { DataTable, MessageRow } from '../../shell/DataTable';
import { SectionCard } from '../../shell/SectionCard';

const sourceLabels = { creator: 'Created the team', invitation: 'Invitation', idp: 'Identity provider group' } as const;

/** A team's members: each e-mail leads to that person's customer page. */
export function TeamMembers({ data }: { data: CustomerOverview }) {
  return (
    <SectionCard scope="customer" id="members" title="Members" count={data.members.length} note="Owner first, then by role">
      <DataTable label="Members" testId="customer-members-table" scope="col" keyColumns={['Member', 'Role']} columns={['Member', 'Role', 'Joined by', 'Since']}>
        {data.members.length === 0 && <MessageRow colSpan={4}>No members.</MessageRow>}
        {data.members.map((m) => (
          <tr key={m.user_id} data-testid="customer-member-row">
            <td className="customer-wrap">
              <CustomerLink email={m.email} userId={m.user_id} />
            </td>
            <td>{roleLabels[m.role]}</td>
            <td>{sourceLabels[m.source]}</td>
            <td className="nowrap">{formatDate(m.joined_at)}</td>
          </tr>
        ))}
      </DataTable>
    </SectionCard>
  );
}

/** The teams a person belongs to, each leading to the team's customer page. */
export function PersonTeams({ data }: { data: CustomerOverview }) {
  return (
    <SectionCard scope="customer" id="teams" title="Teams" count={data.teams.length}>
      <DataTable label="Teams" testId="customer-teams-table" scope="col" keyColumns={['Team', 'Role']} columns={['Team', 'Role']}>
        {data.teams.length === 0 && <MessageRow colSpan={2}>Not a member of any team.</MessageRow>}
        {data.teams.map((t) => (
          <tr key={t.id}>
            <td className="customer-wrap">
              <Link to={linkTo('admin-customers', { id: t.id })}>{t.name}</Link>
            </td>
            <td>{roleLabels[t.role]}</td>
          </tr>
        ))}
      </DataTable>
    </SectionCard>
  );
}

/** The admin lists filtered to this account (their `account` filter), so the admin sees all of its rows, not only the page's latest. */
export function AccountListLinks({ data }: { data: CustomerOverview }) {
  const { id, kind } = data.customer;
  const whose = kind === 'team' ? 'this team' : 'this customer';
  const query = { query: { account: id } };
  return (
    <nav className="customer-list-links" aria-label={`Admin lists of ${whose}`} data-testid="customer-list-links">
      <Link to={linkTo('admin-deployments', undefined, query)}>See all deployments of {whose}</Link>
      <Link to={linkTo('admin-licenses', undefined, query)}>See all licenses of {whose}</Link>
      <Link to={linkTo('admin-balances', undefined, query)}>See the balance of {whose} in All balances</Link>
      {kind === 'team' && <Link to={linkTo('admin-licenses', undefined, { query: { team: id }, hash: 'create-license' })}>Issue a license to this team</Link>}
    </nav>
  );
}
