import type { SignInProblem } from './sign-in-problem';

/** A signed-in session as the renderer holds it (in memory only; a reload restores it by the silent check). */
export interface Session {
  accessToken: string;
  refreshToken: string | undefined;
  idToken: string | undefined;
  /** epoch milliseconds */
  expiresAt: number;
  email: string;
}

/**
 * How a host signs the user in: the web app runs the PKCE flow in the page; the desktop app
 * (see platform/desktop) delegates it to the main process and the system browser.
 */
export interface AuthDriver {
  /** Finishes a sign-in redirect, or runs the silent single-sign-on check; `problem` says why a sign-in redirect did not finish. */
  restore(): Promise<{ session: Session | undefined; returnTo: string | undefined; problem?: SignInProblem | undefined }>;
  login(returnTo: string): Promise<void>;
  /** Throws an error whose `code` is `invalid_grant` or `invalid_token` when the session is over. */
  refresh(session: Session): Promise<Session>;
  logout(session: Session | undefined): Promise<void>;
}

export class AuthRefreshError extends Error {
  constructor(
    public readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
