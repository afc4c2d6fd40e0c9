import type { PageProps } from '../../routes/pages';
import { PageTitle, PlaceholderPage } from '../../shell/Page';
import { AdminTopupForm } from '../../shell/admin/AdminTopupForm';
import './admin-balances.css';
import { BalancesTable } from './BalancesTable';

/** Manage User Balance (admin): add funds to any user's balance by email. */
export default function ManageBalancePage({ route }: PageProps) {
  if (route.view === 'public') return <PlaceholderPage name="admin-balances" route={route} description="Top up any user's on-demand balance by email." />;

  return (
    <section className="page admin-balance-page">
      <PageTitle>Manage User Balance</PageTitle>
      <p className="page-lead">
        Add funds to any user's on-demand balance. Amounts are in US dollars and rounded down to whole cents; every top-up needs a reason, is recorded in the user's transaction history and the audit
        log, and tells the user. Search Customers for a user's whole account.
      </p>
      <div className="card topup-card">
        <h2>Top up a balance</h2>
        <AdminTopupForm />
      </div>
      <BalancesTable query={route.query} />
    </section>
  );
}
