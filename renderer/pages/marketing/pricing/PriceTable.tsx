import { formatUsd, type PriceBreakdown, publicPrices, supportOptions } from '../../../../shared/marketing/license-calculator';

const count = new Intl.NumberFormat('en-US');

/** A row of the table: its test id, item, detail and cost per year. */
type PriceRow = [testId: string, item: string, detail: string, cost: number];

/** The live pricing table; the hosted-GPU row shows only when hosted GPUs are priced (public-site 4). */
export function PriceTable({ price }: { price: PriceBreakdown }) {
  const supportLabel = supportOptions.find((o) => o.level === price.supportLevel)?.label ?? price.supportLevel;
  const times = (n: number, unitCost: number) => `${count.format(n)} × ${formatUsd(unitCost)}`;
  const rows: PriceRow[] = [
    ['row-base', 'Base license', `Includes ${publicPrices().includedUsers} users`, price.baseCost],
    ['row-users', 'Additional users', times(price.extraUsers, publicPrices().perUserAnnual), price.extraUsersCost],
    ['row-gpus', 'Managed GPUs', times(price.gpus, publicPrices().managedGpuAnnual), price.gpuCost],
    // Hosted GPUs only when they are priced (public-site 4).
    ...(price.hostedGpus > 0 ? [['row-hosted-gpus', 'Hosted GPUs', times(price.hostedGpus, publicPrices().hostedGpuAnnual), price.hostedGpuCost] satisfies PriceRow] : []),
    ['row-support', 'Support', supportLabel, price.supportCost],
  ];
  return (
    <table className="table prc-table" data-testid="pricing-table" aria-live="polite">
      <caption className="visually-hidden">Annual license price</caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Detail</th>
          <th scope="col" className="prc-num">
            Per year
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([testId, item, detail, cost]) => (
          <tr key={testId} data-testid={testId}>
            <th scope="row">{item}</th>
            <td>{detail}</td>
            <td className="prc-num">{formatUsd(cost)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={2}>
            Total per year
          </th>
          <td className="prc-num prc-total" data-testid="pricing-total">
            {formatUsd(price.total)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
