import { Link } from 'react-router-dom';
import { selectEmail, useAuthStore } from '../auth/store';
import type { ResolvedRoute } from '../routes/resolve';
import { headingOf, routes } from '../routes/table';
import { PageTitle } from './Page';

/** What a signed-in non-administrator sees on an administrator's page: whose page it is, and the way home. */
export function AdminOnlyPage({ route }: { route: ResolvedRoute }) {
  const email = useAuthStore(selectEmail);
  return (
    <section className="page" data-testid="admin-only">
      <PageTitle>{headingOf(route.name)}</PageTitle>
      <p className="page-lead">This page is for administrators.</p>
      <p>You are signed in as {email ? <strong>{email}</strong> : 'a user'}, which is not an administrator account. Ask an administrator if you need what it shows.</p>
      <p>
        <Link to={routes.home.path}>Back to Home</Link>
      </p>
    </section>
  );
}
