import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { SignInProblem } from '../../auth/sign-in-problem';
import AuthCallbackPage, { SignInFailed } from './AuthCallbackPage';

/** The page's text; with a problem, what the page shows once the store holds it (a server render reads the store's first state). */
const text = (problem?: SignInProblem) =>
  renderToStaticMarkup(<MemoryRouter>{problem ? <SignInFailed problem={problem} /> : <AuthCallbackPage />}</MemoryRouter>)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");

describe('the page a sign-in lands on', () => {
  it('says Signing in… while the code is exchanged', () => {
    expect(text()).toContain('Signing in…');
  });

  it('says what happened in plain words, what the issuer said, and offers Try again and the way home', () => {
    const page = text({ message: 'The sign-in was cancelled or refused at the identity provider.', detail: 'User cancelled <login>', returnTo: '/app' });
    expect(page).toContain('Sign-in failed');
    expect(page).toContain('The sign-in was cancelled or refused at the identity provider.');
    expect(page).toContain('The identity provider said: User cancelled &lt;login&gt;');
    expect(page).toContain('Try again');
    expect(page).toContain('Back to home');
    expect(page).not.toContain('Signing in…');
  });

  it("shows the server's reason when it refused the identity", () => {
    expect(text({ message: 'Sign-in refused: ada@example.test already has an account here, made through another identity provider.', returnTo: '/' })).toContain(
      'Sign-in refused: ada@example.test already has an account here',
    );
  });
});
