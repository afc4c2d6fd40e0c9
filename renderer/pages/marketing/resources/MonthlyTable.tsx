import type { RoiMonth } from '../../../../shared/marketing/roi';
import { formatUsd } from '../../../../shared/marketing/roi-format';
import { reportMonths } from '../../../../shared/marketing/roi-report';

/** Month, adoption, monthly value, cumulative value and net position; print shows the first 12 rows only. */
export function MonthlyTable({ months }: { months: RoiMonth[] }) {
  return (
    <div className="table-wrap roi-table-wrap" role="region" aria-label="Monthly payback" tabIndex={0}>
      <table className="table roi-table" data-testid="roi-monthly-table">
        <caption>Monthly payback</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Adoption</th>
            <th scope="col">Monthly value</th>
            <th scope="col">Cumulative value</th>
            <th scope="col">Net position</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month} className={m.month > reportMonths ? 'roi-late' : undefined}>
              <td>{m.month}</td>
              <td>{m.adoption}%</td>
              <td>{formatUsd(m.value)}</td>
              <td>{formatUsd(m.cumulativeValue)}</td>
              <td className={m.net < 0 ? 'roi-negative' : 'roi-positive'}>{formatUsd(m.net)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
