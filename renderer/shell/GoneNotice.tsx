import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../api/client';
import './gone-notice.css';

/** A sentence's end, for reasons typed with or without one. */
export const withStop = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);

/**
 * Where a link to one thing (from a notice) lands once the thing is gone: what it was and when it
 * went, instead of a list the reader searches in vain. `gone` undefined: the server knows nothing
 * of it in this account (never this account's, or the lookup failed: `error`).
 */
export function GoneNotice(props: { testId: string; title: string; missingTitle: string; gone: boolean; error: unknown; back: { to: string; label: string }; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="surface linked-gone" role="status" data-testid={props.testId} aria-labelledby={titleId}>
      <h2 id={titleId}>{props.gone ? props.title : props.missingTitle}</h2>
      {props.gone ? (
        props.children
      ) : (
        <p>
          {props.error instanceof ApiError && props.error.status === 404
            ? 'It may belong to another account: switch accounts in the header if it was a team’s.'
            : 'It could not be looked up just now.'}
        </p>
      )}
      <Link to={props.back.to} className="btn btn-small">
        {props.back.label}
      </Link>
    </section>
  );
}
