/**
 * What a domain service throws when it refuses: a small set of named errors (as oidc-provider's
 * `lib/helpers/errors.js`). They say what went wrong, never how HTTP spells it: the HTTP edge
 * (`server/http/errors.ts` `httpErrorOf`, used by the error middleware) maps each to its status.
 * The message is meant for the caller; `details` is the `details` of the answer.
 */
export class DomainError extends Error {
  constructor(
    message: string,
    public readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The input names something that does not exist or is not allowed (400). */
export class InvalidInput extends DomainError {}
/** The credentials are missing, wrong or expired (401). */
export class Unauthorized extends DomainError {}
/** The balance does not cover it (402). */
export class PaymentRequired extends DomainError {}
/** The caller may not do this (403). */
export class Forbidden extends DomainError {}
/** The thing is not there, or not the caller's (404). */
export class NotFound extends DomainError {}
/** The thing is not in a state that allows it, or it already exists (409). */
export class Conflict extends DomainError {}
/** The thing was there but is no more: expired, revoked or used (410). */
export class Gone extends DomainError {}
/** The upload is larger than allowed (413). */
export class TooLarge extends DomainError {}
/** Well-formed, but cannot be done as asked (422). */
export class Unprocessable extends DomainError {}
/** A per-user or per-host limit is reached (429). */
export class LimitReached extends DomainError {}
/** Too busy right now: try again (503, message not shown). */
export class Unavailable extends DomainError {}
