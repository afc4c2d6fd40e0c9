import { type ReactNode, useId } from 'react';

export interface Bar {
  /** the x-axis label (a short day) */
  label: string;
  /** null: no value for this bar (drawn as a gap, "no data" in the table) */
  value: number | null;
  /** the value as read: "12", "83%" */
  text: string;
  /** the tooltip and table cell when they say more than `text` ("83% (20 of 24 hours)") */
  detail?: string;
}

interface Props {
  caption: ReactNode;
  /** what the figures are, as the table's column title and the chart's name: "Active installations" */
  measure: string;
  /** the x axis' title: "Day" */
  axis: string;
  bars: Bar[];
  /** the top of the y axis (1 for a share); default the largest value, at least 1 */
  max?: number;
  /** a y-axis tick's text */
  tick(value: number): string;
  testId?: string;
}

const width = 320;
const height = 150;
const left = 34;
const bottom = 22;
const top = 14;
const plotH = height - bottom - top;

/**
 * A bar chart drawn by hand: y axis with three ticks, x-axis labels, each bar's value in a tooltip
 * and above the bar when there is room, and the figures as a table under "Show the figures" (the
 * chart itself is hidden from screen readers, which read the table).
 */
export function BarChart({ caption, measure, axis, bars, max, tick, testId }: Props) {
  const id = useId();
  const top0 = max ?? Math.max(1, ...bars.map((b) => b.value ?? 0));
  const slot = (width - left - 4) / Math.max(1, bars.length);
  const labelsEvery = Math.ceil(bars.length / 7);
  const valuesShown = slot >= 16;
  const y = (v: number) => top + plotH - (v / top0) * plotH;
  const ticks = [0, top0 / 2, top0];
  return (
    <figure className="card chart" data-testid={testId}>
      <figcaption id={`${id}-caption`}>{caption}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} className="bar-chart" aria-hidden="true" focusable="false">
        {ticks.map((t) => (
          <g key={t} className="chart-tick">
            <line x1={left} x2={width} y1={y(t)} y2={y(t)} />
            <text x={left - 4} y={y(t) + 3} textAnchor="end">
              {tick(t)}
            </text>
          </g>
        ))}
        {bars.map((b, i) => {
          const x = left + i * slot;
          const h = b.value === null ? 0 : Math.max((b.value / top0) * plotH, 0.5);
          return (
            <g key={`${b.label}-${i}`}>
              {b.value !== null && (
                <rect x={x + slot * 0.12} y={top + plotH - h} width={slot * 0.76} height={h} rx={1}>
                  <title>{`${b.label}: ${b.detail ?? b.text}`}</title>
                </rect>
              )}
              {valuesShown && (
                <text className="chart-value" x={x + slot / 2} y={b.value === null ? top + plotH - 3 : top + plotH - h - 3} textAnchor="middle">
                  {b.value === null ? '–' : b.text}
                </text>
              )}
              {i % labelsEvery === 0 && (
                <text className="chart-label" x={x + slot / 2} y={height - 6} textAnchor="middle">
                  {b.label}
                </text>
              )}
            </g>
          );
        })}
        <line className="chart-axis" x1={left} x2={width} y1={top + plotH} y2={top + plotH} />
      </svg>
      <details className="chart-figures">
        <summary>Show the figures</summary>
        <table className="table chart-table" aria-labelledby={`${id}-caption`}>
          <thead>
            <tr>
              <th scope="col" data-key="">
                {axis}
              </th>
              <th scope="col" data-key="">
                {measure}
              </th>
            </tr>
          </thead>
          <tbody>
            {bars.map((b, i) => (
              <tr key={`${b.label}-${i}`}>
                <th scope="row">{b.label}</th>
                <td>{b.value === null ? 'No data' : (b.detail ?? b.text)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
