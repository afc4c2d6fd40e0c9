import type { BankTransferDetails as Configured } from '../../../shared/licenses/bank-transfer';
import { bankTransfer } from './bank-details';
import { CopyButton } from '../../shell/CopyButton';
import { PairList } from '../../shell/PairList';

function Account({ account }: { account: Configured['accounts'][number] }) {
  return (
    <section className="inset lic-bank-account">
      <h3>{bankTransfer.labels[account.kind]}</h3>
      <PairList kind="terms" items={account.rows} />
      <p className="muted lic-bank-time">Transfer time: {bankTransfer.transferTimes[account.kind]}</p>
    </section>
  );
}

/** What to send, with which reference, to where; and how long it takes (spec, section 9). */
export function BankTransferDetails({ amount, reference, accounts }: { amount: string; reference: string; accounts: Configured['accounts'] }) {
  return (
    <div className="lic-bank" data-testid="bank-transfer">
      <dl className="lic-bank-key">
        <div>
          <dt>Amount</dt>
          <dd className="lic-bank-amount">{amount}</dd>
        </div>
        <div>
          <dt>
            Reference <span className="lic-required">required</span>
          </dt>
          <dd className="lic-bank-reference">
            <code data-testid="wire-reference">{reference}</code>
            <CopyButton text={reference} what="reference" className="lic-copy" />
          </dd>
        </div>
      </dl>
      <p className="lic-bank-warning">Include the reference exactly as shown so we can match your payment to this license.</p>
      <div className="lic-bank-accounts">
        {accounts.map((a) => (
          <Account key={a.kind} account={a} />
        ))}
      </div>
      <p className="muted">Your license is activated once we confirm receipt of the payment ({bankTransfer.activation}). Its key then appears in Your Licenses.</p>
    </div>
  );
}
