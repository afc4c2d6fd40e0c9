import { formatUsd } from './license-calculator';

export { formatUsd } from './license-calculator';

const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** `75`, `9.3` */
export function formatCount(n: number): string {
  return oneDecimal.format(Math.round(n * 10) / 10);
}

/** `835%` (ROI percentages are whole numbers; big ones keep their separators) */
export function formatPercent(n: number): string {
  return `${whole.format(Math.round(n))}%`;
}

/** `$1.2M`, `$712K`, `$950`: chart axes and tight labels */
export function formatUsdShort(n: number): string {
  const abs = Math.abs(n);
  const sign = n < 0 ? '-' : '';
  if (abs >= 1_000_000_000) return `${sign}$${oneDecimal.format(abs / 1_000_000_000)}B`;
  if (abs >= 1_000_000) return `${sign}$${oneDecimal.format(abs / 1_000_000)}M`;
  if (abs >= 1_000) return `${sign}$${whole.format(abs / 1_000)}K`;
  return formatUsd(n);
}
