import { Conflict, DomainError, Forbidden, Gone, InvalidInput, LimitReached, NotFound, PaymentRequired, TooLarge, Unauthorized, Unavailable, Unprocessable } from '../domain-errors';

/** The one error type handlers throw; the error middleware turns it into `{error, details}`. */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly details?: unknown,
    /** headers the answer carries (a 429's Retry-After) */
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  /** Messages below 500 are meant for the caller; 5xx messages are replaced by a generic one. */
  get expose(): boolean {
    return this.status < 500;
  }
}

export const badRequest = (message: string, details?: unknown) => new HttpError(400, message, details);
export const unauthorized = (message = 'Sign-in required') => new HttpError(401, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, details?: unknown) => new HttpError(409, message, details);

/** The one map from domain errors (`server/domain-errors.ts`) to HTTP statuses. */
const statusOf = new Map<typeof DomainError, number>([
  [InvalidInput, 400],
  [Unauthorized, 401],
  [PaymentRequired, 402],
  [Forbidden, 403],
  [NotFound, 404],
  [Conflict, 409],
  [Gone, 410],
  [TooLarge, 413],
  [Unprocessable, 422],
  [LimitReached, 429],
  [Unavailable, 503],
]);

/** A thrown domain error as the HttpError it answers with; anything else as it is. */
export function httpErrorOf(err: unknown): unknown {
  if (!(err instanceof DomainError)) return err;
  // A service's own subclass (InsufficientFundsError is a PaymentRequired) answers as its parent.
  let status: number | undefined;
  for (let kind: unknown = err.constructor; status === undefined && typeof kind === 'function' && kind !== DomainError; kind = Object.getPrototypeOf(kind)) {
    status = statusOf.get(kind as typeof DomainError);
  }
  status ??= 500;
  const http = new HttpError(status, err.message, err.details);
  http.cause = err;
  return http;
}
