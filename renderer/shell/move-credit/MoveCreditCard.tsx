import { type FormEvent, useId, useState } from 'react';
import { billingContract } from '../../../shared/api/billing';
import type { AccountSummary } from '../../../shared/api/auth';
import { useMe } from '../../queries/auth';
import { OptionSelect } from '../OptionSelect';
import { RoleRefusal } from '../account/RoleRefusal';
import { useRoleRefusal } from '../account/use-role';
import { billable, centsOf, optionLabel } from './accounts';
import { MoveCreditDialog } from './MoveCreditDialog';
import './move-credit.css';

/**
 * Move credit (issue 43): from one account the person can bill in to another (their own, teams
 * where they are owner, admin or billing), after a confirmation naming both accounts and the
 * amount. `from` is where it starts: the tab's account on Balance, the team on its page.
 */
export function MoveCreditCard({ from, inTabAccount = false }: { from: string | undefined; inTabAccount?: boolean }) {
  const ids = useId();
  const me = useMe();
  const tabRefusal = useRoleRefusal(billingContract.moveCredit);
  const refusal = inTabAccount ? tabRefusal : undefined;
  const accounts = billable(me.data?.accounts ?? []);
  const personalId = me.data?.id;
  const [source, setSource] = useState<string | undefined>(undefined);
  const [target, setTarget] = useState<string | undefined>(undefined);
  const [amount, setAmount] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>(undefined);
  const [confirm, setConfirm] = useState<{ from: AccountSummary; to: AccountSummary; cents: number } | undefined>(undefined);

  if (!me.data) return null;
  // the whole card only where there is somewhere to move to
  if (accounts.length < 2 && !refusal) return null;
  const fromId = source ?? from ?? personalId;
  const fromAccount = accounts.find((a) => a.id === fromId) ?? accounts[0];
  const targets = accounts.filter((a) => a.id !== fromAccount?.id);
  const toAccount = targets.find((a) => a.id === target) ?? targets[0];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cents = centsOf(amount);
    if (cents === undefined) return setInvalid('Enter an amount in dollars above $0.00, such as 25 or 12.50');
    if (!fromAccount || !toAccount) return;
    setInvalid(undefined);
    setConfirm({ from: fromAccount, to: toAccount, cents });
  };

  return (
    <section className="card move-credit-card" aria-labelledby={`${ids}-title`} data-testid="move-credit">
      <h2 id={`${ids}-title`} className="card-caption">
        Move credit
      </h2>
      {refusal ? (
        <RoleRefusal id={`${ids}-refusal`} text={refusal} />
      ) : (
        <form className="inline-form move-credit-form" onSubmit={submit} noValidate>
          <label className="field">
            <span>From</span>
            <OptionSelect name="move-from" value={fromAccount?.id ?? ''} options={accounts.map((a) => [a.id, optionLabel(a)] as const)} onChange={setSource} />
          </label>
          <label className="field">
            <span>To</span>
            <OptionSelect name="move-to" value={toAccount?.id ?? ''} options={targets.map((a) => [a.id, optionLabel(a)] as const)} onChange={setTarget} />
          </label>
          <label className="field move-credit-amount">
            <span>Amount ($)</span>
            <input name="move-amount" inputMode="decimal" value={amount} placeholder="25.00" aria-invalid={invalid ? true : undefined} onChange={(e) => setAmount(e.target.value)} />
          </label>
          <button type="submit" className="btn btn-primary" disabled={amount.trim() === ''}>
            Move credit
          </button>
          <p className="muted small move-credit-note">Between your own account and teams where you are owner, admin or billing. Both accounts’ transaction histories show the move.</p>
          {invalid && (
            <p className="form-error" role="alert">
              {invalid}
            </p>
          )}
        </form>
      )}
      {confirm && (
        <MoveCreditDialog
          move={confirm}
          personalId={personalId}
          onClose={(done) => {
            setConfirm(undefined);
            if (done) setAmount('');
          }}
        />
      )}
    </section>
  );
}
