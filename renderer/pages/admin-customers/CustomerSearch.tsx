import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatCents } from '../../../shared/api/billing';
import { formatDate } from '../../../shared/format/dates';
import { useCustomerSearch } from '../../queries/customers';
import { linkTo } from '../../routes/links';
import { AccountLink } from '../../shell/admin/CustomerLink';
import { DataTable, MessageRow } from '../../shell/DataTable';
import { PageTitle } from '../../shell/Page';
import { Pagination } from '../../shell/Pagination';

/** The first two organisations, then how many more. */
const orgsText = (orgs: string[]) => (orgs.length === 0 ? '—' : orgs.length <= 2 ? orgs.join(', ') : `${orgs.slice(0, 2).join(', ')} and ${orgs.length - 2} more`);

/**
 * The customer search (people and teams): part of an e-mail, a team's name or a licence's organisation, kept in the address
 * (?search=). An e-mail link from another admin screen arrives as ?email=: exactly one account with
 * that address opens its page at once; otherwise the matches are listed.
 */
export function CustomerSearch({ search, email }: { search: string; email: string }) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(search || email);
  const [page, setPage] = useState(1);
  const term = search || email;
  const result = useCustomerSearch(term, page);
  const data = result.data;

  useEffect(() => setDraft(search || email), [search, email]);
  useEffect(() => setPage(1), [term]);
  useEffect(() => {
    if (!email || !data) return;
    const exact = data.customers.filter((c) => c.email.toLowerCase() === email.toLowerCase());
    if (exact.length === 1 && exact[0]) void navigate(linkTo('admin-customers', { id: exact[0].id }), { replace: true });
  }, [email, data, navigate]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = draft.trim();
    void navigate(linkTo('admin-customers', {}, value ? { query: { search: value } } : {}));
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  return (
    <section className="page customers-page">
      <PageTitle>Customers</PageTitle>
      <p className="page-lead">
        Find a customer by e-mail, team name or their license&apos;s organization, then open their page: balance and ledger, top-up, deployments, licenses, API keys, installations, mail, audit events
        and sign-ins. Teams are accounts of their own; a team&apos;s page also lists its members.
      </p>
      <form className="filter-bar customer-search" role="search" onSubmit={submit}>
        <input type="search" aria-label="Search customers" placeholder="E-mail, team or organization" value={draft} onChange={(e) => setDraft(e.target.value)} data-testid="customer-search" />
        <button type="submit" className="btn btn-small">
          Search
        </button>
      </form>
      {result.error && (
        <p className="error-text" role="alert">
          Error: {result.error.message}
        </p>
      )}
      <DataTable label="Customers" testId="customer-results" keyColumns={['Customer', 'Balance']} columns={['Customer', 'Organizations', 'Balance', 'Since']} scope="col" busy={result.isFetching}>
        {!data && <MessageRow colSpan={4}>Loading…</MessageRow>}
        {data?.customers.length === 0 && <MessageRow colSpan={4}>No customer matches.</MessageRow>}
        {data?.customers.map((c) => (
          <tr key={c.id} data-testid="customer-row">
            <td className="customer-email">
              <AccountLink id={c.id} kind={c.kind} name={c.name} />
            </td>
            <td className="customer-orgs">{orgsText(c.organizations)}</td>
            <td className="num">{formatCents(c.balance_cents)}</td>
            <td>
              <time dateTime={c.created_at}>{formatDate(c.created_at)}</time>
            </td>
          </tr>
        ))}
      </DataTable>
      {pages > 1 && <Pagination page={page} pages={pages} onPage={setPage} label="Customer pages" className="pager" />}
    </section>
  );
}
