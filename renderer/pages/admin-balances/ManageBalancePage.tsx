import { type FormEvent, useState } from 'react';
import { formatCents } from '../../../shared/api/billing';
import { refreshBalance, useAdminTopup } from '../../queries/billing';
import type { PageProps } from '../../routes/pages';
import { PageTitle, PlaceholderPage } from '../../shell/Page';
import './admin-balances.css';
import { readTopupForm, topupErrorText } from './topup';
import { BalancesTable } from './BalancesTable';

type Outcome = { kind: 'success'; email: string; added: number; balance: number } | { kind: 'error'; message: string } | undefined;

/** Manage User Balance (admin): add funds to any user's balance by email. */
export default function ManageBalancePage({ route }: PageProps) {
  const [email, setEmail] = useState('');
  const [amount, setAmount] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(undefined);
  const topup = useAdminTopup();

  if (route.view === 'public') return <PlaceholderPage name="admin-balances" route={route} description="Top up any user's on-demand balance by email." />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = readTopupForm(email, amount);
    if (!input.ok) {
      setOutcome({ kind: 'error', message: input.message });
      return;
    }
    setOutcome(undefined);
    topup.mutate(
      { email: input.email, amount_cents: input.amountCents, idempotencyKey: crypto.randomUUID() },
      {
        onSuccess: (res) => {
          setOutcome({ kind: 'success', email: res.email, added: input.amountCents, balance: res.balance_cents });
          setAmount('');
          // the admin may have topped up their own balance
          refreshBalance();
        },
        onError: (err) => setOutcome({ kind: 'error', message: topupErrorText(err) }),
      },
    );
  };

  const running = topup.isPending;
  return (
    <section className="page admin-balance-page">
      <PageTitle>Manage User Balance</PageTitle>
      <p className="page-lead">Add funds to any user's on-demand balance. Amounts are in US dollars and rounded down to whole cents; every top-up is recorded in the user's transaction history.</p>
      <div className="card topup-card">
        <h2>Top up a balance</h2>
        <form className="topup-form" onSubmit={submit} noValidate>
          <label className="field">
            <span>Email</span>
            <input type="email" name="email" autoComplete="off" placeholder="user@example.com" value={email} onChange={(e) => setEmail(e.target.value)} required />
          </label>
          <label className="field field-amount">
            <span>Amount (USD)</span>
            <span className="input-prefix">
              <span aria-hidden="true">$</span>
              <input type="text" name="amount" inputMode="decimal" placeholder="25.00" value={amount} onChange={(e) => setAmount(e.target.value)} required />
            </span>
          </label>
          <button type="submit" className="btn btn-primary" disabled={running || email.trim() === '' || amount.trim() === ''} aria-busy={running}>
            {running ? 'Adding…' : 'Add Balance'}
          </button>
        </form>
        {outcome?.kind === 'success' && (
          <div className="notice topup-result" role="status" data-testid="topup-result">
            <strong>Balance updated successfully</strong>
            <p>
              Added {formatCents(outcome.added)} to {outcome.email}. New balance: <strong data-testid="topup-new-balance">{formatCents(outcome.balance)}</strong>
            </p>
          </div>
        )}
        {outcome?.kind === 'error' && (
          <p className="form-error topup-error" role="alert" data-testid="topup-error">
            {outcome.message}
          </p>
        )}
      </div>
      <BalancesTable query={route.query} />
    </section>
  );
}
