import { errorBodyFields } from "@signet/contract";

/** A field error of a bad request, as the API reports it. */
export interface SignetErrorDetail {
  path: string;
  message: string;
}

/**
 * What the API answered when a call failed. Quote `traceId` to support: it names the request in
 * the server's logs (it is also the X-Trace-Id response header). A subclass per kind of failure
 * (below) lets a program catch what it can act on with `instanceof` instead of comparing statuses.
 */
export class SignetApiError extends Error {
  override name = "SignetApiError";
  readonly status: number;
  /** Stable machine-readable code, e.g. NOT_FOUND, RATE_LIMITED, VERSION_NOT_MATCHED, invalid_client */
  readonly code: string;
  readonly details: SignetErrorDetail[];
  readonly traceId: string | null;
  /** How long the server asked to wait (Retry-After), when it said so */
  readonly retryAfterMs: number | null;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    details?: SignetErrorDetail[];
    traceId: string | null;
    retryAfterMs?: number | null;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.traceId = init.traceId;
    this.retryAfterMs = init.retryAfterMs ?? null;
  }
}

/** Reads the API's error body, or an OAuth error body of the token endpoint (RFC 6749 §5.2). */
export function errorFromBody(
  status: number,
  body: unknown,
  traceId: string | null,
  retryAfterMs: number | null,
): SignetApiError {
  const fields = errorBodyFields(body);
  const ErrorClass = errorClassOf(status);
  return new ErrorClass({
    status,
    code: fields.code ?? `HTTP_${status}`,
    message: fields.message ?? `The API answered ${status}`,
    details: fields.details ?? [],
    traceId: traceId ?? fields.traceId,
    retryAfterMs,
  });
}

type ErrorInit = ConstructorParameters<typeof SignetApiError>[0];

/** 400: the request is not valid; `details` names the fields. Sending it again will not help. */
export class SignetValidationError extends SignetApiError {
  override name = "SignetValidationError";
}
/** 401: the credentials were refused (the client already renewed its token once). */
export class SignetAuthenticationError extends SignetApiError {
  override name = "SignetAuthenticationError";
}
/** 403: the API user's roles do not allow this in this organization. */
export class SignetPermissionError extends SignetApiError {
  override name = "SignetPermissionError";
}
/** 404: no such item, or one the API user may not see. */
export class SignetNotFoundError extends SignetApiError {
  override name = "SignetNotFoundError";
}
/**
 * 409: the item changed or is in a state that does not allow this, e.g. VERSION_NOT_MATCHED (read it
 * again and retry with its current version) or ALREADY_EXISTS.
 */
export class SignetConflictError extends SignetApiError {
  override name = "SignetConflictError";
}
/** 429: still throttled after the client's retries; `retryAfterMs` says how long the server asked to wait. */
export class SignetRateLimitError extends SignetApiError {
  override name = "SignetRateLimitError";
}
/** 5xx: the server or a service behind it failed; a create may or may not have happened. */
export class SignetServerError extends SignetApiError {
  override name = "SignetServerError";
}

function errorClassOf(status: number): new (init: ErrorInit) => SignetApiError {
  if (status >= 500) return SignetServerError;
  return (
    {
      400: SignetValidationError,
      401: SignetAuthenticationError,
      403: SignetPermissionError,
      404: SignetNotFoundError,
      409: SignetConflictError,
      429: SignetRateLimitError,
    }[status] ?? SignetApiError
  );
}
