import { ERROR_CODES, type ErrorCode } from "@signet/contract";

/** The one error type of the product: a stable code, its status and the user-facing message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: { path: string; message: string }[] | undefined;

  constructor(code: ErrorCode, message?: string, details?: { path: string; message: string }[]) {
    super(message ?? ERROR_CODES[code].message);
    this.name = "AppError";
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.details = details;
  }
}

export const notFound = (message?: string) => new AppError("NOT_FOUND", message);
export const forbidden = (message?: string) => new AppError("FORBIDDEN", message);
