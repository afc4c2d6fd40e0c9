import type { InstallationDetail } from '../../../shared/api/pings';

/** Uptime per day (hours with a ping ÷ 24) over the last 14 days, in the Ping Dashboard's bar-chart style. */
export function UptimeChart({ days }: { days: InstallationDetail['uptime'] }) {
  const average = days.length === 0 ? 0 : days.reduce((s, d) => s + d.uptime, 0) / days.length;
  return (
    <figure className="card">
      <figcaption>
        Uptime, last {days.length} days <span className="muted">({percent(average)} on average)</span>
      </figcaption>
      <svg viewBox={`0 0 ${days.length * 20} 80`} role="img" aria-label={`Uptime per day over the last ${days.length} days`} className="bar-chart" data-testid="uptime-chart">
        {days.map((d, i) => {
          const h = d.uptime * 70;
          return (
            <rect key={d.date} x={i * 20 + 2} y={78 - h} width={16} height={Math.max(h, 0.5)} rx={1}>
              <title>{`${d.date}: ${percent(d.uptime)} (${d.hours} of 24 hours with a ping)`}</title>
            </rect>
          );
        })}
      </svg>
    </figure>
  );
}

const percent = (x: number) => `${Math.round(x * 100)}%`;
