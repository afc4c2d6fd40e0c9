import type { PageProps } from '../../routes/pages';
import { PlaceholderPage } from '../../shell/Page';
import { CustomerSearch } from './CustomerSearch';
import { CustomerView } from './CustomerView';
import './admin-customers.css';

/** Customers (admin, issue #30): the search at /admin/customers, one customer's page at /admin/customers/id/<user id>. */
export default function CustomersPage({ route }: PageProps) {
  if (route.view === 'public') return <PlaceholderPage name="admin-customers" route={route} description="One page per customer: balance, ledger, deployments, licenses, keys and mail." />;
  const id = route.params.id ?? '';
  return id ? <CustomerView id={id} /> : <CustomerSearch search={route.query.search ?? ''} email={route.query.email ?? ''} />;
}
