import { useId } from 'react';
import { formatPayback, type RoiResult } from '../../../../shared/marketing/roi';
import { formatUsd, formatUsdShort } from '../../../../shared/marketing/roi-format';
import { chartBox, chartGeometry } from './chart-geometry';

/** Cumulative value against cumulative cost by month, the payback month marked; inline SVG, no chart library. */
export function RoiChart({ result }: { result: RoiResult }) {
  const ids = useId();
  const g = chartGeometry(result.months, result.payback);
  const last = result.months[result.months.length - 1];
  const description = last
    ? `Over ${last.month} months the cumulative value reaches ${formatUsd(last.cumulativeValue)} against a cumulative cost of ${formatUsd(last.cumulativeCost)}. Payback: ${formatPayback(result.payback)}.`
    : '';
  const bottom = chartBox.height - chartBox.bottom;

  return (
    <figure className="roi-chart" data-testid="roi-chart">
      <svg viewBox={`0 0 ${chartBox.width} ${chartBox.height}`} role="img" aria-labelledby={`${ids}-title ${ids}-desc`} preserveAspectRatio="xMidYMid meet">
        <title id={`${ids}-title`}>Cumulative value and cumulative cost by month</title>
        <desc id={`${ids}-desc`} data-testid="roi-chart-description">
          {description}
        </desc>
        {g.yTicks.map((t) => (
          <g key={t.value} className="roi-chart-grid">
            <line x1={chartBox.left} x2={chartBox.width - chartBox.right} y1={t.y} y2={t.y} />
            <text x={chartBox.left - 8} y={t.y + 4} textAnchor="end">
              {formatUsdShort(t.value)}
            </text>
          </g>
        ))}
        {g.xTicks.map((t) => (
          <text key={t.month} className="roi-chart-axis" x={t.x} y={bottom + 18} textAnchor="middle">
            {t.month}
          </text>
        ))}
        <path className="roi-chart-cost" d={g.costPath} data-testid="roi-chart-cost" />
        <path className="roi-chart-value" d={g.valuePath} data-testid="roi-chart-value" />
        {g.paybackX !== undefined && (
          <g className="roi-chart-payback" data-testid="roi-chart-payback">
            <line x1={g.paybackX} x2={g.paybackX} y1={chartBox.top} y2={bottom} />
            <text x={g.paybackX + 6} y={chartBox.top + 12}>
              Payback: {formatPayback(result.payback)}
            </text>
          </g>
        )}
      </svg>
      <figcaption className="roi-chart-legend">
        <span className="roi-key roi-key-value">Cumulative value</span>
        <span className="roi-key roi-key-cost">Cumulative cost</span>
        <span className="muted">Months</span>
      </figcaption>
    </figure>
  );
}
