import { ERROR_CODES } from "@signet/contract";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError, errorMessage } from "../api/api-error.ts";

export interface ServerErrorTarget<T extends FieldValues> {
  setError: UseFormSetError<T>;
  /** the form's fields: a `details` entry naming one of them is shown under that field */
  fields: readonly Path<T>[];
  /** where a 'This {thing} already exists' answer belongs (usually the name or email field) */
  duplicateField?: Path<T>;
}

/** A failed save split for a form: what goes under which field, and what is left for the form itself. */
export interface SplitServerError<T extends FieldValues> {
  fieldErrors: [Path<T>, string][];
  /** null when every part went to a field or the client already acted on the error (an error page) */
  message: string | null;
}

/**
 * Field errors of a 400 go under their fields, a duplicate under its field; anything else ('Version
 * not matched', 'Group/Organization not found', …) is the form's message.
 */
export function splitServerError<T extends FieldValues>(
  error: unknown,
  target: Omit<ServerErrorTarget<T>, "setError">,
): SplitServerError<T> {
  if (error instanceof ApiError && error.handled) return { fieldErrors: [], message: null };
  if (!(error instanceof ApiError)) return { fieldErrors: [], message: errorMessage(error) };

  // 409 ALREADY_EXISTS also carries other conflicts ('Member already added', a role mismatch): only a
  // duplicate name ('This {thing} already exists') belongs under the field.
  if (error.code === "ALREADY_EXISTS" && target.duplicateField && /already exists/i.test(error.message)) {
    return { fieldErrors: [[target.duplicateField, error.message]], message: null };
  }

  const fieldErrors: [Path<T>, string][] = [];
  const leftOver: string[] = [];
  for (const detail of error.details ?? []) {
    const field = fieldOf(detail.path, target.fields);
    if (field) fieldErrors.push([field, detail.message]);
    else leftOver.push(detail.path ? `${detail.path}: ${detail.message}` : detail.message);
  }
  if (error.details?.length && leftOver.length === 0) return { fieldErrors, message: null };
  if (leftOver.length > 0 && error.message === ERROR_CODES.BAD_REQUEST.message) {
    return { fieldErrors, message: `${error.message} ${leftOver.join("; ")}` };
  }
  return { fieldErrors, message: error.message };
}

/** Shows a failed save inline (splitServerError's field errors set on the form); answers the form's message. */
export function showServerError<T extends FieldValues>(error: unknown, target: ServerErrorTarget<T>): string | null {
  const split = splitServerError(error, target);
  for (const [field, message] of split.fieldErrors) target.setError(field, { type: "server", message });
  return split.message;
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
