/**
 * Why a sign-in did not finish, in plain words, for the page the person lands on (the callback
 * page): the issuer's `error` and `error_description` (RFC 6749 4.1.2.1), an answer that does not
 * belong to the sign-in this browser started, or the server refusing the identity it was given.
 */
export interface SignInProblem {
  message: string;
  /** the issuer's own words, when it gave any */
  detail?: string;
  /** where Try again returns to afterwards */
  returnTo: string;
}

const byCode: Record<string, string> = {
  access_denied: 'The sign-in was cancelled or refused at the identity provider.',
  login_required: 'The identity provider needs you to sign in there first.',
  interaction_required: 'The identity provider needs you to sign in there first.',
  consent_required: 'The identity provider needs your consent before you can sign in.',
  account_selection_required: 'The identity provider needs you to choose an account.',
  temporarily_unavailable: 'The identity provider could not finish the sign-in just now.',
  server_error: 'The identity provider ran into an error and could not finish the sign-in.',
};
const settingsWrong = "The identity provider refused this server's sign-in request; its sign-in settings may be wrong. Tell the administrator of this server.";

/** The longest part of the issuer's own text shown (it is the issuer's, not ours). */
const detailMax = 300;

/** The problem a callback address names (`?error=…`), or undefined when it names none. */
export function callbackProblem(params: URLSearchParams, returnTo: string): SignInProblem | undefined {
  const code = params.get('error');
  if (code === null) return undefined;
  const description = params.get('error_description')?.trim();
  return {
    message: byCode[code] ?? (/^(invalid_|unauthorized_client|unsupported_)/.test(code) ? settingsWrong : `The identity provider answered with an error (${code.slice(0, 60)}).`),
    ...(description ? { detail: description.slice(0, detailMax) } : {}),
    returnTo,
  };
}

/** A callback with no sign-in started in this tab: opened twice, in another tab, or reloaded. */
export const notStartedHere = (returnTo: string): SignInProblem => ({
  message: 'This sign-in was not started in this tab, or it has already been used (a reload, or a second tab). Start it again.',
  returnTo,
});

/** The code could not be exchanged for tokens: a mismatched `state`, an expired code, the issuer out of reach. */
export function exchangeProblem(err: unknown, returnTo: string): SignInProblem {
  // openid-client says "invalid response encountered" and puts the reason in `cause`.
  const texts: string[] = [];
  for (let e: unknown = err, depth = 0; e !== undefined && depth < 5; depth++) {
    texts.push(e instanceof Error ? e.message : String(e));
    e = e instanceof Error ? e.cause : undefined;
  }
  const text = texts.at(-1) ?? '';
  // RFC 9207's `iss` or the `state` not this tab's: an old answer, another tab's, or a mix-up.
  if (texts.some((t) => /"(state|iss)"/.test(t)))
    return { message: 'The answer from the identity provider does not belong to the sign-in this page started (it may be old, or from another tab).', returnTo };
  return { message: 'The sign-in could not be completed.', detail: text.slice(0, detailMax), returnTo };
}

/** The server refused the identity the issuer gave (no e-mail address, another provider's account): its reason says what to do. */
export const refusedProblem = (reason: string, returnTo: string): SignInProblem => ({ message: reason, returnTo });
