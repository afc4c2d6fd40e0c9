import { PageTitle } from '../../shell/Page';

/** Shown while the sign-in redirect is exchanged for tokens; boot then navigates to where the user was going. */
export default function AuthCallbackPage() {
  return (
    <section className="page" aria-busy="true">
      <PageTitle>Signing in…</PageTitle>
    </section>
  );
}
