import type { ReactNode } from 'react';

interface Props<T> {
  query: { data?: T; error: Error | null };
  /** shown until the data is there */
  pending?: ReactNode;
  children(data: T): ReactNode;
}

/** What a query shows: its error as an alert, then "Loading…" (or `pending`), then the data. */
export function Loaded<T>({ query, pending = 'Loading…', children }: Props<T>) {
  if (query.error)
    return (
      <p className="error-text" role="alert">
        Error: {query.error.message}
      </p>
    );
  if (!query.data) return <p className="muted">{pending}</p>;
  return children(query.data);
}
