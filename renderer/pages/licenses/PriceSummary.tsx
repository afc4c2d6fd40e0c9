import { licensePrices, quoteEnterprise, type SupportLevel } from '../../../shared/licenses/pricing';
import { formatDollars, supportLabel } from '../../shell/licenses/format';
import { TableHead } from '../../shell/DataTable';
import { PairList } from '../../shell/PairList';
import { paymentMethodsText, useBankOffered } from './payment-methods';

interface Props {
  users: number;
  gpus: number;
  support: SupportLevel;
}

/** The live Enterprise Pro price from the shared pricing module, annual and monthly. */
export function PriceSummary({ users, gpus, support }: Props) {
  const methods = paymentMethodsText(useBankOffered());
  const q = quoteEnterprise({ users, gpus, support });
  const rows: [label: string, detail: string, cents: number][] = [
    ['Base license', `includes ${licensePrices.includedUsers} users`, q.baseCents],
    ['Additional users', `${q.extraUserPacks} × pack of ${licensePrices.userPackSize}`, q.extraUsersCents],
    ['GPUs', `${gpus} × ${formatDollars(licensePrices.gpuAnnualCents)}`, q.gpusCents],
    ['Support', supportLabel(support), q.supportCents],
  ];
  return (
    <aside className="lic-summary" aria-label="Price summary" data-testid="price-summary">
      <h3>Price summary</h3>
      <table className="lic-price-table">
        <TableHead scope="col" columns={['Item', 'Annual', 'Monthly']} />
        <tbody>
          {rows.map(([label, detail, cents]) => (
            <tr key={label}>
              <th scope="row">
                {label}
                <span className="muted">{detail}</span>
              </th>
              <td>{formatDollars(cents)}</td>
              <td>{formatDollars(Math.round(cents / 12))}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td data-testid="price-annual">{formatDollars(q.annualCents)}</td>
            <td data-testid="price-monthly">{formatDollars(q.monthlyCents)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="muted lic-summary-note">Billed annually in advance. Pay by {methods} after creating the license.</p>
    </aside>
  );
}

/** The side panel of the free types: what the license gives. */
export function PlanSummary({ rows, note }: { rows: [label: string, value: string][]; note: string }) {
  return (
    <aside className="lic-summary" aria-label="License summary">
      <h3>What you get</h3>
      <PairList kind="terms" className="lic-plan" items={rows} />
      <p className="muted lic-summary-note">{note}</p>
    </aside>
  );
}
