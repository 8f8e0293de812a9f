import { ERROR_CODES } from "@signet/contract";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError, errorMessage } from "../../api/api-error.ts";

export interface ServerErrorTarget<T extends FieldValues> {
  setError: UseFormSetError<T>;
  /** the form's fields: a `details` entry naming one of them is shown under that field */
  fields: readonly Path<T>[];
  /** where a 'This {thing} already exists' answer belongs (usually the name or email field) */
  duplicateField?: Path<T>;
}

/**
 * Shows a failed save inline: field errors of a 400 under their fields, a duplicate under its field,
 * anything else ('Version not matched', 'Group/Organization not found', …) as the form's message.
 * Answers the form-level message, or null when every part went to a field or the client already
 * acted on the error (an error page).
 */
export function showServerError<T extends FieldValues>(error: unknown, target: ServerErrorTarget<T>): string | null {
  if (error instanceof ApiError && error.handled) return null;
  if (!(error instanceof ApiError)) return errorMessage(error);

  // 409 ALREADY_EXISTS also carries other conflicts ('Member already added', a role mismatch): only a
  // duplicate name ('This {thing} already exists') belongs under the field.
  if (error.code === "ALREADY_EXISTS" && target.duplicateField && /already exists/i.test(error.message)) {
    target.setError(target.duplicateField, { type: "server", message: error.message });
    return null;
  }

  const leftOver: string[] = [];
  for (const detail of error.details ?? []) {
    const field = fieldOf(detail.path, target.fields);
    if (field) target.setError(field, { type: "server", message: detail.message });
    else leftOver.push(detail.path ? `${detail.path}: ${detail.message}` : detail.message);
  }
  if (error.details?.length && leftOver.length === 0) return null;
  if (leftOver.length > 0 && error.message === ERROR_CODES.BAD_REQUEST.message) {
    return `${error.message} ${leftOver.join("; ")}`;
  }
  return error.message;
}

/** "body.name", "name" or "roleIds.0" → the form field it belongs to, if the form has it. */
function fieldOf<T extends FieldValues>(path: string, fields: readonly Path<T>[]): Path<T> | null {
  const segments = path.split(".").filter((s) => s !== "body" && s !== "query" && s !== "params");
  for (let end = segments.length; end > 0; end -= 1) {
    const candidate = segments.slice(0, end).join(".");
    const found = fields.find((field) => field === candidate);
    if (found) return found;
  }
  return null;
}
