import { type FormEvent, useState } from 'react';
import { formatCents, type AdminTopupResponse } from '../../../shared/api/billing';
import { customersApi, useCustomerTopup, useTopupLimit } from '../../queries/customers';
import { refreshBalance } from '../../queries/billing';
import { type PendingTopup, TopupConfirmDialog } from './TopupConfirmDialog';
import { readTopupForm, topupErrorText } from './topup-form';
import './admin-topup.css';

type Outcome = { kind: 'success'; email: string; added: number; before: number; balance: number } | { kind: 'error'; message: string } | undefined;
type Target = { id: string; email: string; balance_cents: number };
type Customer = Pick<Target, 'id' | 'email'>;

/**
 * The account with exactly this e-mail (any case) and its balance now, so the confirmation shows the
 * balance the top-up starts from; `id` picks one account when several share the address.
 */
async function findByEmail(email: string, id?: string): Promise<Target> {
  const found = (await customersApi.search(email)).customers.filter((c) => c.email.toLowerCase() === email.toLowerCase() && (!id || c.id === id));
  if (found.length === 0) throw new Error(`No user with the email ${email}`);
  if (found.length > 1) throw new Error(`More than one account uses the email ${email}: open the customer's page from Customers to top up the right one`);
  const [one] = found;
  if (!one) throw new Error(`No user with the email ${email}`);
  return one;
}

/**
 * The admin top-up (issue #30), on Manage User Balance (by e-mail) and on a customer's page
 * (`customer` given): amount, a required reason, the configured maximum shown, and a confirmation
 * with the balance before and after. One Idempotency-Key per confirmation, so a retried request adds once.
 */
export function AdminTopupForm({ customer }: { customer?: Customer }) {
  const [email, setEmail] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(undefined);
  const [pending, setPending] = useState<(PendingTopup & { target: Target; key: string }) | undefined>(undefined);
  const [looking, setLooking] = useState(false);
  const max = useTopupLimit().data;
  const topup = useCustomerTopup();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = readTopupForm({ email: customer?.email ?? email, amount, reason }, max);
    if (!input.ok) return setOutcome({ kind: 'error', message: input.message });
    setOutcome(undefined);
    setLooking(true);
    try {
      const target = await findByEmail(input.email, customer?.id);
      setPending({ target, key: crypto.randomUUID(), email: target.email, beforeCents: target.balance_cents, amountCents: input.amountCents, reason: input.reason });
    } catch (err) {
      setOutcome({ kind: 'error', message: topupErrorText(err) });
    } finally {
      setLooking(false);
    }
  };

  const confirm = () => {
    if (!pending) return;
    const body = { amount_cents: pending.amountCents, reason: pending.reason, idempotencyKey: pending.key };
    topup.mutate(customer ? { ...body, customerId: pending.target.id } : { ...body, email: pending.target.email }, {
      onSuccess: (res: AdminTopupResponse) => {
        setPending(undefined);
        setOutcome({ kind: 'success', email: res.email, added: res.amount_cents, before: res.balance_before_cents, balance: res.balance_cents });
        setAmount('');
        setReason('');
        // the admin may have topped up their own balance
        refreshBalance();
      },
      onError: (err) => {
        setPending(undefined);
        setOutcome({ kind: 'error', message: topupErrorText(err) });
      },
    });
  };

  const busy = looking || topup.isPending;
  const missing = (!customer && email.trim() === '') || amount.trim() === '' || reason.trim() === '';
  return (
    <>
      <form className="topup-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Top up a balance">
        {!customer && (
          <label className="field">
            <span>Email</span>
            <input type="email" name="email" autoComplete="off" placeholder="user@example.com" value={email} onChange={(e) => setEmail(e.target.value)} required />
          </label>
        )}
        <label className="field field-amount">
          <span>Amount (USD)</span>
          <span className="input-prefix">
            <span aria-hidden="true">$</span>
            <input type="text" name="amount" inputMode="decimal" placeholder="25.00" value={amount} onChange={(e) => setAmount(e.target.value)} aria-describedby="topup-max" required />
          </span>
        </label>
        <label className="field field-reason">
          <span>Reason (required)</span>
          <input type="text" name="reason" maxLength={300} placeholder="Refund for the outage on Nov 3" value={reason} onChange={(e) => setReason(e.target.value)} required />
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy || missing} aria-busy={busy}>
          {busy ? 'Adding…' : 'Add Balance'}
        </button>
      </form>
      <p className="muted small topup-max" id="topup-max" data-testid="topup-max">
        {max === undefined ? 'At most the configured maximum per top-up.' : `At most ${formatCents(max)} per top-up.`} The reason is kept in the ledger and the audit log, and the customer is told.
      </p>
      {outcome?.kind === 'success' && (
        <div className="notice topup-result" role="status" data-testid="topup-result">
          <strong>Balance updated successfully</strong>
          <p>
            Added {formatCents(outcome.added)} to <span className="topup-email">{outcome.email}</span>: {formatCents(outcome.before)} before, new balance{' '}
            <strong data-testid="topup-new-balance">{formatCents(outcome.balance)}</strong>
          </p>
        </div>
      )}
      {outcome?.kind === 'error' && (
        <p className="form-error topup-error" role="alert" data-testid="topup-error">
          {outcome.message}
        </p>
      )}
      {pending && <TopupConfirmDialog topup={pending} busy={topup.isPending} onConfirm={confirm} onClose={() => setPending(undefined)} />}
    </>
  );
}
