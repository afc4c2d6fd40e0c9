import type { ReactNode } from 'react';
import { SignInCard } from './SignInCard';

/** What a card's list says around its rows (kept at module level). */
export interface CardListTexts {
  /** why to sign in, for a visitor */
  signInText: string;
  /** "Loading <what>…" */
  what: string;
  /** said when the list could not be loaded; without it, a failed load shows as empty */
  errorText?: string;
  /** the body with nothing to list */
  empty: ReactNode;
  /** how many rows the card shows at most */
  shown: number;
}

interface Props<T> {
  texts: CardListTexts;
  signedIn: boolean;
  query: { data?: T[]; isPending: boolean; isError: boolean };
  /** one row (an `<li>`) */
  row(item: T): ReactNode;
}

/** A Command Center card's list: Sign In for a visitor, then loading, the error, the empty state or the first rows. */
export function CardList<T>({ texts, signedIn, query, row }: Props<T>) {
  const { signInText, what, errorText, empty, shown } = texts;
  const list = query.data ?? [];
  if (!signedIn) return <SignInCard text={signInText} />;
  if (query.isPending)
    return (
      <p className="muted" aria-busy="true">
        Loading {what}…
      </p>
    );
  if (errorText && query.isError)
    return (
      <p className="muted" role="alert">
        {errorText}
      </p>
    );
  if (list.length === 0) return empty;
  return <ul className="stack-list cc-rows">{list.slice(0, shown).map(row)}</ul>;
}
