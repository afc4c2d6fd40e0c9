import { useLocation } from 'react-router-dom';
import { currentPath } from '../routes/links';

/**
 * The CTA button's text. Not "Sign In": the header's button is the page's one "Sign In" button,
 * which the end-to-end page object finds page-wide (e2e/pages/app-shell.ts).
 */
export const signInPromptButton = 'Log in or register';

// The session module (and the API client with its validation library) is fetched on click: this
// box sits on pages that must paint fast, and by the time anyone clicks, boot has loaded it anyway.

/** The call-to-action box of a signed-out public view: register or sign in, then come back here. */
export function SignInPrompt({ action }: { action: string }) {
  const location = useLocation();
  return (
    <div className="cta-box" data-testid="sign-in-prompt">
      <div>
        <strong>Sign in to {action}.</strong>
        <p className="muted">New here? You can register an account from the sign-in page.</p>
      </div>
      <button type="button" className="btn btn-primary" onClick={() => void import('../auth/session').then((m) => m.signIn(currentPath(location)))}>
        {signInPromptButton}
      </button>
    </div>
  );
}
