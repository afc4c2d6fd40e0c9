import type { ReactNode } from 'react';

/** One titled card of the customer page; the count says how many rows the list holds. */
export function CustomerSection({ id, title, count, note, children }: { id: string; title: string; count?: number; note?: string; children: ReactNode }) {
  return (
    <section className="card table-card customer-section" aria-labelledby={`customer-${id}-title`} data-testid={`customer-${id}`}>
      <div className="card-head">
        <h2 id={`customer-${id}-title`}>
          {title}
          {count !== undefined && <span className="muted customer-count"> ({count})</span>}
        </h2>
        {note && <span className="muted small">{note}</span>}
      </div>
      {children}
    </section>
  );
}
