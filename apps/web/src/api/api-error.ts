import { type ErrorBody, errorBodyFields, MESSAGES } from "@signet/contract";

/** A failed call: the server's error body when there was one, or a network/parse failure (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly traceId: string | null;
  readonly details: ErrorBody["details"];
  /** True when the client already acted on it (navigated to an error page): callers stay quiet. */
  handled = false;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    traceId?: string | null;
    details?: ErrorBody["details"];
  }) {
    super(init.message);
    this.name = "ApiError";
    this.status = init.status;
    this.code = init.code;
    this.traceId = init.traceId ?? null;
    this.details = init.details;
  }

  static network(): ApiError {
    return new ApiError({ status: 0, code: "NETWORK", message: MESSAGES.network });
  }

  /** Builds the error from a non-2xx answer; a body that is not the contract's error shape gets a generic text. */
  static fromBody(status: number, body: unknown, traceIdHeader: string | null): ApiError {
    // only the contract's own error shape is shown as it is; anything else (a proxy's page) gets a generic text
    const parsed = errorBodyFields(body);
    if (parsed.complete) {
      return new ApiError({
        status,
        code: parsed.code!,
        message: parsed.message!,
        details: parsed.details,
        traceId: parsed.traceId || traceIdHeader,
      });
    }
    return new ApiError({
      status,
      code: `HTTP_${status}`,
      message: status === 400 ? MESSAGES.badRequest : MESSAGES.somethingWrong,
      traceId: traceIdHeader,
    });
  }
}

/** The text to show for any error a caller receives. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return MESSAGES.somethingWrong;
}
