import { Link } from 'react-router-dom';

/** A card body with nothing to list yet: what is missing, and the button that starts it. */
export function EmptyCard({ text, to, action }: { text: string; to: string; action: string }) {
  return (
    <div className="cc-empty">
      <p className="muted">{text}</p>
      <Link className="btn btn-primary" to={to}>
        {action}
      </Link>
    </div>
  );
}
