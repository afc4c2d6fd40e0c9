import type { ReactNode } from 'react';

/** One titled card of a detail page (a team, a customer); the count says how many rows its list holds. `scope` prefixes the ids and test id. */
export function SectionCard({ scope, id, title, count, note, children }: { scope: string; id: string; title: string; count?: number; note?: string; children: ReactNode }) {
  return (
    <section className="card table-card section-card" aria-labelledby={`${scope}-${id}-title`} data-testid={`${scope}-${id}`}>
      <div className="card-head">
        <h2 id={`${scope}-${id}-title`}>
          {title}
          {count !== undefined && <span className="muted section-count"> ({count})</span>}
        </h2>
        {note && <span className="muted small">{note}</span>}
      </div>
      {children}
    </section>
  );
}
