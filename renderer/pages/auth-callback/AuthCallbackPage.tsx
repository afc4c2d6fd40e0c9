import { Link } from 'react-router-dom';
import { signIn } from '../../auth/session';
import type { SignInProblem } from '../../auth/sign-in-problem';
import { selectSignInProblem, useAuthStore } from '../../auth/store';
import { linkTo } from '../../routes/links';
import { PageTitle } from '../../shell/Page';

/**
 * Shown while the sign-in redirect is exchanged for tokens; boot then navigates to where the user was
 * going. When the sign-in did not finish (the issuer's error, an answer that is not this tab's, the
 * server refusing the identity), the person stays here: what happened, and Try again.
 */
export default function AuthCallbackPage() {
  const problem = useAuthStore(selectSignInProblem);
  if (problem) return <SignInFailed problem={problem} />;
  return (
    <section className="page" aria-busy="true">
      <PageTitle>Signing in…</PageTitle>
    </section>
  );
}

export function SignInFailed({ problem }: { problem: SignInProblem }) {
  return (
    <section className="page" data-testid="sign-in-failed">
      <PageTitle>Sign-in failed</PageTitle>
      <p className="page-lead" role="alert">
        {problem.message}
      </p>
      {problem.detail && (
        <p className="muted">
          The identity provider said: <q>{problem.detail}</q>
        </p>
      )}
      <p className="sign-in-failed-actions">
        <button type="button" className="btn btn-primary" onClick={() => signIn(problem.returnTo)}>
          Try again
        </button>
        <Link to={linkTo('home')}>Back to home</Link>
      </p>
    </section>
  );
}
