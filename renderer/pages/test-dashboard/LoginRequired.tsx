import { useLocation } from 'react-router-dom';
import { signIn } from '../../auth/session';
import { selectSessionPending, useAuthStore } from '../../auth/store';
import { currentPath } from '../../routes/links';
import { signInPromptButton } from '../../shell/SignInPrompt';

/** The signed-out view: test runs are fetched only when signed in (public-site 5 and 8). */
export function LoginRequired() {
  const location = useLocation();
  const pending = useAuthStore(selectSessionPending);
  return (
    <div className={pending ? 'cta-box session-pending' : 'cta-box'} data-testid="sign-in-prompt">
      <strong>Please log in to view test runs</strong>
      <button type="button" className="btn btn-primary" onClick={() => signIn(currentPath(location))}>
        {signInPromptButton}
      </button>
    </div>
  );
}
