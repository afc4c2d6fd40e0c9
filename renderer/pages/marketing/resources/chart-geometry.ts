import type { Payback, RoiMonth } from '../../../../shared/marketing/roi';

export interface ChartBox {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export const chartBox: ChartBox = { width: 720, height: 300, left: 64, right: 16, top: 16, bottom: 36 };

export interface ChartGeometry {
  valuePath: string;
  /** cost is billed a year at a time, so its line is drawn as steps */
  costPath: string;
  yTicks: { y: number; value: number }[];
  xTicks: { x: number; month: number }[];
  /** x of the payback point, when it falls inside the chart */
  paybackX: number | undefined;
}

/** A round upper bound: 1, 2, 2.5 or 5 times a power of ten, at least `max`. */
export function niceCeiling(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * power >= max) ?? 10;
  return step * power;
}

const fixed = (n: number) => Number(n.toFixed(1));

/** Month 0 is the origin (nothing spent, nothing earned); month m sits at its end. */
export function chartGeometry(months: RoiMonth[], payback: Payback | undefined, box: ChartBox = chartBox): ChartGeometry {
  const n = months.length;
  const plotW = box.width - box.left - box.right;
  const plotH = box.height - box.top - box.bottom;
  const top = niceCeiling(Math.max(0, ...months.map((m) => Math.max(m.cumulativeValue, m.cumulativeCost))));
  const x = (month: number) => fixed(box.left + (n > 0 ? (month / n) * plotW : 0));
  const y = (v: number) => fixed(box.top + plotH - (v / top) * plotH);

  const valuePath = [`M${x(0)},${y(0)}`, ...months.map((m) => `L${x(m.month)},${y(m.cumulativeValue)}`)].join(' ');
  // Cost is charged at the start of a billing month: the line jumps at the month's left edge.
  let cost = 0;
  const costSteps = [`M${x(0)},${y(0)}`];
  for (const m of months) {
    if (m.cumulativeCost !== cost) costSteps.push(`L${x(m.month - 1)},${y(m.cumulativeCost)}`);
    cost = m.cumulativeCost;
    costSteps.push(`L${x(m.month)},${y(cost)}`);
  }

  const yTicks = [0, 0.25, 0.5, 0.75, 1].map((f) => ({ value: top * f, y: y(top * f) }));
  const xTicks = months.filter((m) => m.month % 3 === 0 || m.month === 1).map((m) => ({ month: m.month, x: x(m.month) }));
  const paybackX = payback && payback.months <= n ? x(payback.months) : undefined;
  return { valuePath, costPath: costSteps.join(' '), yTicks, xTicks, paybackX };
}
