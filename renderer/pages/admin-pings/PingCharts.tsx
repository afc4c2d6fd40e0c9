import { formatChartDay } from '../../../shared/format/dates';
import { usePingStats } from '../../queries/pings';

/** Active installations per day over the last 30 days, and the versions they run. */
export function PingCharts() {
  const stats = usePingStats();
  if (!stats.data) return null;
  const days = stats.data.active_by_day;
  const max = Math.max(1, ...days.map((d) => d.installations));
  const versionsTotal = Math.max(
    1,
    stats.data.versions.reduce((s, v) => s + v.installations, 0),
  );
  return (
    <div className="ping-charts">
      <figure className="card">
        <figcaption>Active installations, last 30 days</figcaption>
        <svg viewBox="0 0 300 80" role="img" aria-label="Active installations per day over the last 30 days" className="bar-chart">
          {days.map((d, i) => {
            const h = (d.installations / max) * 70;
            return (
              <rect key={d.date} x={i * 10 + 1} y={78 - h} width={8} height={Math.max(h, 0.5)} rx={1}>
                <title>{`${formatChartDay(d.date)}: ${d.installations}`}</title>
              </rect>
            );
          })}
        </svg>
      </figure>
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
