import { useEffect, useState } from 'react';
import { addFundsCents, billingContract, formatCents } from '../../../shared/api/billing';
import { balancePollMs, useBalance, useAddFunds, useHistoryFollowsBalance } from '../../queries/billing';
import { platform } from '../../platform/index';
import { isRunningLow, runtimeLeftText } from '../../shell/runtime-left';
import { useAnimatedNumber } from '../../shell/use-animated-number';
import { balanceBeforeCheckout, forgetBalanceBeforeCheckout, rememberBalanceBeforeCheckout } from './checkout-memo';
import { ErrorAlert } from '../../shell/ErrorAlert';
import { RoleRefusal } from '../../shell/account/RoleRefusal';
import { useAccountStore, useHoldAccount } from '../../auth/account-store';
import { usePayerLabel, useRoleRefusal } from '../../shell/account/use-role';

/** After a successful checkout the payment may be confirmed a moment later (webhook): poll faster for a while. */
const afterCheckoutPollMs = 2000;
const afterCheckoutWindowMs = 30_000;

/** The payment page: the system browser on the desktop, this tab on the web. */
function openCheckout(url: string): void {
  if (platform.kind === 'desktop') platform.openExternal(url);
  else window.location.assign(url);
}

/** Current Balance, runtime left at the current burn, and Add Funds ($50). */
export function BalanceCard({ justPaid }: { justPaid: boolean }) {
  const [fast, setFast] = useState(justPaid);
  useEffect(() => {
    if (!fast) return;
    const t = setTimeout(() => setFast(false), afterCheckoutWindowMs);
    return () => clearTimeout(t);
  }, [fast]);
  const balance = useBalance({ pollMs: fast ? afterCheckoutPollMs : balancePollMs });
  // Back from a payment: the new funds count up from the balance the user left with.
  const [before] = useState(() => (justPaid ? balanceBeforeCheckout() : undefined));
  useEffect(() => forgetBalanceBeforeCheckout(), []);
  const shown = useAnimatedNumber(balance.data?.balance_cents, { initial: before });
  const addFunds = useAddFunds(openCheckout);
  const redirecting = addFunds.isPending || addFunds.isSuccess;
  const refusal = useRoleRefusal(billingContract.checkout);
  // the money goes where the note says; until a team tab knows its team, nothing is paid
  const payer = usePayerLabel();
  // the spec's words in the personal account; a team tab names the team the money goes into
  const inTeam = useAccountStore((st) => st.teamId !== undefined);
  useHoldAccount(redirecting);

  useHistoryFollowsBalance(balance.data?.balance_cents);

  const data = balance.data;
  const low = data ? isRunningLow(data.runtime_left_minutes, data.balance_cents) : false;

  return (
    <div className="card balance-card" data-testid="balance-card">
      <h2 className="card-caption">Current Balance</h2>
      {balance.isError && !data ? (
        <p className="form-error" role="alert" data-testid="balance-error">
          Error: {balance.error.message}
        </p>
      ) : (
        <>
          {/* The counting figure is for the eye; assistive technology hears the settled amount once. */}
          <div className={`balance-figure${low ? ' is-low' : ''}`} data-testid="current-balance" aria-hidden="true">
            {shown === undefined ? '—' : formatCents(shown)}
          </div>
          <span className="visually-hidden" aria-live="polite">
            {data ? formatCents(data.balance_cents) : 'Loading'}
          </span>
          <p className="balance-runtime" data-testid="runtime-left">
            {data ? runtimeLeftText(data.runtime_left_minutes, data.hourly_burn_cents) : '\u00a0'}
          </p>
        </>
      )}
      <div className="balance-actions">
        <button
          type="button"
          className="btn btn-primary btn-large"
          disabled={redirecting || refusal !== undefined || payer === undefined}
          aria-busy={redirecting}
          aria-describedby={refusal ? 'add-funds-refusal' : undefined}
          onClick={() => {
            rememberBalanceBeforeCheckout(balance.data?.balance_cents);
            addFunds.mutate(addFundsCents);
          }}
        >
          {redirecting && <span className="btn-spinner" aria-hidden="true" />}
          Add Funds
        </button>
        {refusal ? (
          <RoleRefusal id="add-funds-refusal" text={refusal} />
        ) : (
          <p className="muted balance-note" data-testid="payment-account">
            {inTeam ? `$50 will be added to ${payer ?? '…'}` : '$50 will be added to your balance'}
          </p>
        )}
      </div>
      <ErrorAlert error={addFunds.error} what="Error" />
      <p className="muted small">Trial VMs and GPU instances are charged per started hour from this balance. Deployments that fail to start are refunded.</p>
    </div>
  );
}
