// The API's error body ({code, message, status, traceId, details?}) as an Error the room can switch on.
// No DOM here: unit-tested in node.

export interface FieldError {
  path: string;
  message: string;
}

/** Codes the client makes up itself (no answer, or an answer that breaks the contract). */
export const CLIENT_ERROR_CODES = { network: "NETWORK", invalidResponse: "INVALID_RESPONSE" } as const;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly traceId: string | null;
  readonly details: FieldError[];

  constructor(input: {
    status: number;
    code: string;
    message: string;
    traceId?: string | null;
    details?: FieldError[];
  }) {
    super(input.message);
    this.name = "ApiError";
    this.status = input.status;
    this.code = input.code;
    this.traceId = input.traceId ?? null;
    this.details = input.details ?? [];
  }

  /** Reads an error answer; anything that is not the API's error body still yields a usable error. */
  static fromBody(status: number, body: unknown, traceId: string | null = null): ApiError {
    const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
    const code = typeof record.code === "string" && record.code ? record.code : `HTTP_${status}`;
    const message = typeof record.message === "string" ? record.message : "";
    const details = Array.isArray(record.details)
      ? record.details.flatMap((item): FieldError[] => {
          if (typeof item !== "object" || item === null) return [];
          const { path, message: text } = item as Record<string, unknown>;
          return typeof text === "string" ? [{ path: typeof path === "string" ? path : "", message: text }] : [];
        })
      : [];
    const trace = typeof record.traceId === "string" ? record.traceId : traceId;
    return new ApiError({ status, code, message, traceId: trace, details });
  }

  static network(): ApiError {
    return new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: "" });
  }
}

/** The error's code, also for thrown values that are not ApiErrors. */
export function errorCode(error: unknown): string {
  return error instanceof ApiError ? error.code : CLIENT_ERROR_CODES.network;
}
