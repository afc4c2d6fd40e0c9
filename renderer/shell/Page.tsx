import type { ReactNode } from 'react';
import type { ResolvedRoute } from '../routes/resolve';
import { headingOf, type RouteName } from '../routes/table';
import { SignInPrompt } from './SignInPrompt';

/** The h1 of every page. */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <h1 className="page-title" data-testid="page-title">
      {children}
    </h1>
  );
}

interface PlaceholderProps {
  name: RouteName;
  route: ResolvedRoute;
  /** one line on what the page will hold */
  description: string;
  /** completes "Sign in to …" on the public view */
  signInAction?: string;
  children?: ReactNode;
}

/** A page that later issues fill in: its title, what it will hold, and on public views a sign-in prompt. */
export function PlaceholderPage({ name, route, description, signInAction, children }: PlaceholderProps) {
  return (
    <section className="page">
      <PageTitle>{headingOf(name)}</PageTitle>
      <p className="page-lead">{description}</p>
      {route.view === 'public' && signInAction && <SignInPrompt action={signInAction} />}
      {children}
    </section>
  );
}

export function PageLoading() {
  return (
    <p className="page-loading muted" aria-busy="true">
      Loading…
    </p>
  );
}
