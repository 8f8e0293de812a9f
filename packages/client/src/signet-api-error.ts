/** A field error of a bad request, as the API reports it. */
export interface SignetErrorDetail {
  path: string;
  message: string;
}

/**
 * What the API answered when a call failed. Quote `traceId` to support: it names the request in
 * the server's logs (it is also the X-Trace-Id response header).
 */
export class SignetApiError extends Error {
  override readonly name = "SignetApiError";
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
  const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const code =
    typeof record.code === "string" ? record.code : typeof record.error === "string" ? record.error : `HTTP_${status}`;
  const message =
    typeof record.message === "string"
      ? record.message
      : typeof record.error_description === "string"
        ? record.error_description
        : `The API answered ${status}`;
  const details = Array.isArray(record.details)
    ? record.details.filter(
        (detail): detail is SignetErrorDetail =>
          typeof detail === "object" &&
          detail !== null &&
          typeof (detail as SignetErrorDetail).path === "string" &&
          typeof (detail as SignetErrorDetail).message === "string",
      )
    : [];
  const bodyTraceId = typeof record.traceId === "string" ? record.traceId : null;
  return new SignetApiError({ status, code, message, details, traceId: traceId ?? bodyTraceId, retryAfterMs });
}
