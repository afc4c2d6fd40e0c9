import { formatPayback, type RoiResult } from '../../../../shared/marketing/roi';
import { formatCount, formatPercent, formatUsd } from '../../../../shared/marketing/roi-format';

interface Figure {
  id: string;
  label: string;
  value: string;
  note?: string;
  headline?: boolean;
}

function figuresOf(r: RoiResult): Figure[] {
  return [
    { id: 'capacity', label: 'Capacity gain', value: formatUsd(r.capacityGain), note: `${formatCount(r.annualHoursSaved)} hours a year` },
    { id: 'hires', label: 'Equivalent hires', value: formatCount(r.equivalentHires), note: 'full-time people' },
    { id: 'revenue', label: 'Revenue acceleration', value: formatUsd(r.revenueAcceleration) },
    { id: 'projects', label: 'Additional projects', value: formatCount(r.additionalProjects), note: 'per year' },
    { id: 'risk', label: 'Risk reduction', value: formatUsd(r.riskReduction) },
    { id: 'quality', label: 'Quality value', value: formatUsd(r.qualityValue) },
    { id: 'total', label: 'Total annual value', value: formatUsd(r.totalAnnualValue), headline: true },
    { id: 'investment', label: 'Annual investment', value: formatUsd(r.investment), headline: true },
    { id: 'first-year', label: 'First-year ROI', value: formatPercent(r.firstYearRoi), headline: true },
    { id: 'payback', label: 'Payback period', value: formatPayback(r.payback), headline: true },
    { id: 'second-year', label: 'Second-year ROI', value: formatPercent(r.secondYearRoi), headline: true },
  ];
}

export function RoiResults({ result }: { result: RoiResult }) {
  return (
    <div className="roi-results" data-testid="roi-results" aria-live="polite">
      <dl className="figure-grid roi-figures">
        {figuresOf(result).map((f) => (
          <div key={f.id} className={`inset roi-figure${f.headline ? ' roi-figure-headline' : ''}`} data-testid={`roi-${f.id}`}>
            <dt>{f.label}</dt>
            <dd>
              <span className="roi-figure-value">{f.value}</span>
              {f.note && <span className="roi-figure-note">{f.note}</span>}
            </dd>
          </div>
        ))}
      </dl>
      <h4>Insights</h4>
      <ul className="roi-insights" data-testid="roi-insights">
        {result.insights.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
    </div>
  );
}
