import { Link } from 'react-router-dom';
import { formatCents } from '../../../shared/api/billing';
import type { CustomerOverview } from '../../../shared/api/customers';
import { formatDate } from '../../../shared/format/dates';
import { useCustomer } from '../../queries/customers';
import { linkTo } from '../../routes/links';
import { AdminTopupForm } from '../../shell/admin/AdminTopupForm';
import { EmailText, TeamBadge } from '../../shell/admin/CustomerLink';
import { PageTitle } from '../../shell/Page';
import { CustomerAccess } from './CustomerAccess';
import { CustomerAssets } from './CustomerAssets';
import { CustomerLedger } from './CustomerLedger';
import { CustomerDocuments } from './CustomerDocuments';
import { AccountListLinks, PersonTeams, TeamMembers } from './CustomerTeams';
import { Loaded } from '../../shell/Loaded';

/** Minutes of runtime as the admin reads them at a glance: minutes, hours, then days. */
const runtimeLeft = (minutes: number) => (minutes < 120 ? `${minutes} min` : minutes < 48 * 60 ? `about ${Math.floor(minutes / 60)} h` : `about ${Math.floor(minutes / 1440)} days`);

/** One customer's page (a person's or a team's): who, their balance and a top-up, the ledger, then everything they hold and what happened. */
export function CustomerView({ id }: { id: string }) {
  const q = useCustomer(id);
  return (
    <section className="page customer-page">
      <p>
        <Link to={linkTo('admin-customers')}>← Customers</Link>
      </p>
      <PageTitle>Customer</PageTitle>
      <Loaded query={q}>{(data) => <Customer data={data} />}</Loaded>
    </section>
  );
}

function Customer({ data }: { data: CustomerOverview }) {
  const { customer, balance } = data;
  const isTeam = customer.kind === 'team';
  return (
    <>
      <p className="page-lead customer-identity" data-testid="customer-email">
        <strong>{isTeam ? customer.name : <EmailText email={customer.email || '(no e-mail known)'} />}</strong>
        {isTeam && <TeamBadge />}
        {customer.deleted_at && <span className="badge badge-muted">Deleted {formatDate(customer.deleted_at)}</span>}
        {customer.is_admin && <span className="badge badge-info">Admin</span>}
        <span className="muted"> · customer since {formatDate(customer.created_at)}</span>
      </p>
      <AccountListLinks data={data} />
      <div className="customer-top">
        <div className="card customer-balance" data-testid="customer-balance">
          <h2 className="card-caption">Balance</h2>
          <p className="customer-balance-figure">{formatCents(balance.balance_cents)}</p>
          <p className="muted small">
            {balance.hourly_burn_cents > 0 ? `${formatCents(balance.hourly_burn_cents)} an hour on live deployments` : 'Nothing running that costs money'}
            {balance.runtime_left_minutes !== null && ` · ${runtimeLeft(balance.runtime_left_minutes)} left`}
          </p>
        </div>
        <div className="card customer-topup">
          <h2 className="card-caption">Top up</h2>
          <AdminTopupForm customer={{ id: customer.id, email: customer.email }} />
        </div>
      </div>
      {isTeam ? <TeamMembers data={data} /> : <PersonTeams data={data} />}
      <CustomerLedger customerId={customer.id} />
      <CustomerDocuments customerId={customer.id} />
      <CustomerAssets data={data} />
      <CustomerAccess data={data} />
    </>
  );
}
