import { formatUsd, type PriceBreakdown, publicPrices, supportOptions } from '../../../../shared/marketing/license-calculator';

const count = new Intl.NumberFormat('en-US');

/** The live pricing table; the hosted-GPU row shows only when hosted GPUs are priced (public-site 4). */
export function PriceTable({ price }: { price: PriceBreakdown }) {
  const supportLabel = supportOptions.find((o) => o.level === price.supportLevel)?.label ?? price.supportLevel;
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
        <tr data-testid="row-base">
          <th scope="row">Base license</th>
          <td>Includes {publicPrices.includedUsers} users</td>
          <td className="prc-num">{formatUsd(price.baseCost)}</td>
        </tr>
        <tr data-testid="row-users">
          <th scope="row">Additional users</th>
          <td>
            {count.format(price.extraUsers)} × {formatUsd(publicPrices.perUserAnnual)}
          </td>
          <td className="prc-num">{formatUsd(price.extraUsersCost)}</td>
        </tr>
        <tr data-testid="row-gpus">
          <th scope="row">Managed GPUs</th>
          <td>
            {count.format(price.gpus)} × {formatUsd(publicPrices.managedGpuAnnual)}
          </td>
          <td className="prc-num">{formatUsd(price.gpuCost)}</td>
        </tr>
        {price.hostedGpus > 0 && (
          <tr data-testid="row-hosted-gpus">
            <th scope="row">Hosted GPUs</th>
            <td>
              {count.format(price.hostedGpus)} × {formatUsd(publicPrices.hostedGpuAnnual)}
            </td>
            <td className="prc-num">{formatUsd(price.hostedGpuCost)}</td>
          </tr>
        )}
        <tr data-testid="row-support">
          <th scope="row">Support</th>
          <td>{supportLabel}</td>
          <td className="prc-num">{formatUsd(price.supportCost)}</td>
        </tr>
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
