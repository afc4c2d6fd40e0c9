import type { ReactNode } from 'react';

/** One titled card of a team's page; the count says how many rows its list holds. */
export function TeamSection({ id, title, count, note, children }: { id: string; title: string; count?: number; note?: string; children: ReactNode }) {
  return (
    <section className="card table-card teams-section" aria-labelledby={`team-${id}-title`} data-testid={`team-${id}`}>
      <div className="card-head">
        <h2 id={`team-${id}-title`}>
          {title}
          {count !== undefined && <span className="muted teams-count"> ({count})</span>}
        </h2>
        {note && <span className="muted small">{note}</span>}
      </div>
      {children}
    </section>
  );
}
