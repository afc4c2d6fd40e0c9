import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

interface Props {
  titleId: string;
  title: string;
  testId: string;
  /** the card's full page, offered in its head (only once signed in) */
  link?: { to: string; label: string };
  children: ReactNode;
}

/** A Command Center card: a section named by its title, with an optional link to its full page. */
export function HomeCard({ titleId, title, testId, link, children }: Props) {
  return (
    <section className="card cc-card" aria-labelledby={titleId} data-testid={testId}>
      <div className="cc-card-head">
        <h2 id={titleId}>{title}</h2>
        {link && (
          <Link className="link-button" to={link.to}>
            {link.label}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}
