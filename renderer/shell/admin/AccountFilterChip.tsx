import { useCustomer } from '../../queries/customers';
import { AccountLink } from './CustomerLink';
import './customer-link.css';

/**
 * An admin list's `account` filter (from a customer page's "See all … of this team" links): whose
 * rows these are, with the way back to every account's. The name is read from the customer page's data.
 */
export function AccountFilterChip({ id, onClear }: { id: string; onClear(): void }) {
  const customer = useCustomer(id).data?.customer;
  return (
    <span className="account-filter" data-testid="account-filter">
      <span>
        Only{' '}
        {customer ? (
          <AccountLink id={customer.id} kind={customer.kind} name={customer.name} />
        ) : (
          <>
            account <code>{id.slice(0, 8)}</code>
          </>
        )}
      </span>
      <button type="button" className="btn btn-small" onClick={onClear}>
        Every account
      </button>
    </span>
  );
}
