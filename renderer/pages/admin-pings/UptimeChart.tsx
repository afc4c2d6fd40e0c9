import type { InstallationDetail } from '../../../shared/api/pings';
import { formatChartDay } from '../../../shared/format/dates';
import { BarChart } from './BarChart';

const percent = (x: number) => `${Math.round(x * 100)}%`;

/** Uptime per day (hours with a ping ÷ the hours since its first ping that day) over the last 14 days. */
export function UptimeChart({ days }: { days: InstallationDetail['uptime'] }) {
  const hours = days.reduce((s, d) => s + d.hours, 0);
  const observed = days.reduce((s, d) => s + d.observed_hours, 0);
  return (
    <BarChart
      caption={
        <>
          Uptime, last {days.length} days <span className="muted">({observed === 0 ? 'no pings yet' : `${percent(Math.min(1, hours / observed))} since its first ping`})</span>
        </>
      }
      measure="Uptime"
      axis="Day"
      testId="uptime-chart"
      max={1}
      tick={percent}
      bars={days.map((d) => ({
        label: formatChartDay(d.date),
        value: d.uptime,
        text: d.uptime === null ? '' : percent(d.uptime),
        detail: d.uptime === null ? undefined : `${percent(d.uptime)} (${d.hours} of ${d.observed_hours} hours with a ping)`,
      }))}
    />
  );
}
