import { useEffect, useId, useRef, useState } from 'react';
import { formatCents } from '../../../shared/api/billing';
import { spendChart } from './chart';
import { useDailySpend } from '../../queries/billing';

const chartHeight = 230;

/** The element's content width, kept current, so the chart is laid out in real pixels (crisp text at any size). */
function useWidth<E extends HTMLElement>(fallback: number) {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const w = Math.round(entry?.contentRect.width ?? 0);
      if (w > 0) setWidth(w);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** Daily spend over the last 30 days: a plain SVG bar chart with a text summary and per-bar labels. */
export function DailySpendCard() {
  const q = useDailySpend();
  const titleId = useId();
  const descId = useId();
  const box = useWidth<HTMLDivElement>(560);

  if (q.isError) {
    return (
      <div className="card spend-card">
        <h2 className="card-caption">Daily spend, last 30 days</h2>
        <p className="form-error" role="alert">
          Error: {q.error.message}
        </p>
      </div>
    );
  }
  const c = q.data ? spendChart(q.data, box.width, chartHeight) : undefined;
  return (
    <div className="card spend-card" data-testid="daily-spend">
      <div className="card-head-inline">
        <h2 className="card-caption" id={titleId}>
          Daily spend, last 30 days
        </h2>
        {c && <span className="spend-total">{formatCents(c.totalCents)} total</span>}
      </div>
      <div className="spend-box" ref={box.ref}>
        {!c ? (
          <div className="spend-placeholder muted">Loading…</div>
        ) : (
          <svg className="spend-chart" width={c.width} height={c.height} viewBox={`0 0 ${c.width} ${c.height}`} role="img" aria-labelledby={titleId} aria-describedby={descId}>
            {c.ticks.map((t) => (
              <g key={t.value} className="spend-tick">
                <line x1={c.plot.left} x2={c.plot.right} y1={t.y} y2={t.y} />
                <text x={c.plot.left - 8} y={t.y} dy="0.35em" textAnchor="end">
                  {t.label}
                </text>
              </g>
            ))}
            {c.bars.map((b) => (
              <rect key={b.date} className={`spend-bar${b.cents > 0 ? '' : ' is-zero'}`} x={b.x} y={b.y} width={b.width} height={Math.max(b.height, b.cents > 0 ? 1.5 : 0)} rx={2}>
                <title>{b.label}</title>
              </rect>
            ))}
            {c.dayLabels.map((l) => (
              <text key={l.text} className="spend-day" x={l.x} y={c.height - 8} textAnchor="middle">
                {l.text}
              </text>
            ))}
          </svg>
        )}
      </div>
      {c && (
        <p className="muted small spend-summary" id={descId}>
          {c.summary}
        </p>
      )}
    </div>
  );
}
