import { DOCUMENT_MESSAGES } from "@signet/contract";
import { AppError } from "../errors/app-error.ts";

/**
 * Spec §4: leaving E-Sign deletes form fields. Without the caller's confirmation nothing changes
 * and the answer (409 CONFIRMATION_REQUIRED) says how many tags would go.
 */
export function tagRemovalNeedsConfirmation(tagCount: number): AppError {
  const what = tagCount === 1 ? "1 tag" : `${tagCount} tags`;
  return new AppError("CONFIRMATION_REQUIRED", DOCUMENT_MESSAGES.clearTagsConfirm, [
    { path: "confirmTagRemoval", message: `${what} would be deleted.` },
  ]);
}
