import { formatCents } from '../../../shared/api/billing';
import { formatChartDay as formatDay } from '../../../shared/format/dates';

export interface SpendDay {
  date: string;
  spend_cents: number;
}

export interface ChartLayout {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  bars: { date: string; cents: number; x: number; y: number; width: number; height: number; label: string }[];
  ticks: { value: number; y: number; label: string }[];
  dayLabels: { x: number; text: string }[];
  totalCents: number;
  peak: SpendDay | undefined;
  summary: string;
}

/** The smallest 1, 2 or 5 × 10ⁿ cents at or above `cents` (at least 10 cents, so an idle month still has an axis). */
export function niceMax(cents: number): number {
  const target = Math.max(10, Math.ceil(cents));
  const magnitude = 10 ** Math.floor(Math.log10(target));
  for (const step of [1, 2, 5, 10]) if (step * magnitude >= target) return step * magnitude;
  return 10 * magnitude;
}

/**
 * Lays out the daily spend bar chart in SVG user units. Refund-heavy days can be negative; bars
 * start at zero and show spend only, the label keeps the true figure.
 */
export function spendChart(days: SpendDay[], width = 720, height = 220): ChartLayout {
  const plot = { left: 56, top: 12, right: width - 8, bottom: height - 28 };
  const plotWidth = plot.right - plot.left;
  const plotHeight = plot.bottom - plot.top;
  const max = niceMax(Math.max(0, ...days.map((d) => d.spend_cents)));
  const slot = days.length > 0 ? plotWidth / days.length : plotWidth;
  const barWidth = Math.max(2, slot * 0.68);
  const bars = days.map((d, i) => {
    const h = (Math.max(0, d.spend_cents) / max) * plotHeight;
    return {
      date: d.date,
      cents: d.spend_cents,
      x: plot.left + i * slot + (slot - barWidth) / 2,
      y: plot.bottom - h,
      width: barWidth,
      height: h,
      label: `${formatDay(d.date)}: ${formatCents(d.spend_cents)}`,
    };
  });
  const ticks = [0, 0.5, 1].map((f) => ({ value: max * f, y: plot.bottom - f * plotHeight, label: formatCents(Math.round(max * f)) }));
  const dayLabels = days
    .map((d, i) => ({ i, d }))
    .filter(({ i }) => (days.length - 1 - i) % 7 === 0)
    .map(({ i, d }) => ({ x: plot.left + i * slot + slot / 2, text: formatDay(d.date) }));
  const totalCents = days.reduce((s, d) => s + d.spend_cents, 0);
  const peak = days.reduce<SpendDay | undefined>((best, d) => (d.spend_cents > 0 && (!best || d.spend_cents > best.spend_cents) ? d : best), undefined);
  const first = days[0];
  const last = days[days.length - 1];
  const range = first && last ? `from ${formatDay(first.date)} to ${formatDay(last.date)}` : '';
  const summary =
    totalCents === 0 && !peak ? `No spend ${range}.` : `${formatCents(totalCents)} spent ${range}${peak ? `; the most on ${formatDay(peak.date)}, ${formatCents(peak.spend_cents)}` : ''}.`;
  return { width, height, plot, bars, ticks, dayLabels, totalCents, peak, summary };
}
