import { formatChartDay } from '../../../shared/format/dates';
import { usePingStats } from '../../queries/pings';
import { BarChart } from './BarChart';

/** Active installations per day over the last 30 days, and the versions they run. */
export function PingCharts() {
  const stats = usePingStats();
  if (!stats.data) return null;
  const days = stats.data.active_by_day;
  // a whole number at the top, so the middle tick is one too when it can be
  const peak = Math.max(1, ...days.map((d) => d.installations));
  const max = peak % 2 === 0 || peak === 1 ? peak : peak + 1;
  const versionsTotal = Math.max(
    1,
    stats.data.versions.reduce((s, v) => s + v.installations, 0),
  );
  return (
    <div className="ping-charts">
      <BarChart
        caption="Active installations, last 30 days"
        measure="Active installations"
        axis="Day"
        testId="active-chart"
        max={max}
        tick={(v) => (Number.isInteger(v) ? String(v) : '')}
        bars={days.map((d) => ({ label: formatChartDay(d.date), value: d.installations, text: String(d.installations) }))}
      />
      <figure className="card">
        <figcaption>Versions</figcaption>
        <ul className="version-breakdown">
          {stats.data.versions.map((v) => (
            <li key={v.version}>
              <code className="version-name" title={v.version}>
                {v.version}
              </code>
              <span className="bar" style={{ width: `${(v.installations / versionsTotal) * 100}%` }} />
              <span className="muted">{v.installations}</span>
            </li>
          ))}
        </ul>
      </figure>
    </div>
  );
}
