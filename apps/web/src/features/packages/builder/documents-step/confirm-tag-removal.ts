import { DOCUMENT_MESSAGES } from "@signet/contract";
import { ApiError } from "../../../../api/api-error.ts";
import { openConfirmDialog } from "../../../../components/ConfirmDialog.tsx";

/**
 * Runs a change that may delete tags (spec §4): when the server answers CONFIRMATION_REQUIRED, asks
 * the user (with how many tags go) and runs it again confirmed. False when the user declined.
 */
export async function withTagRemovalConfirmation(change: (confirmTagRemoval: boolean) => Promise<unknown>) {
  try {
    await change(false);
    return true;
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== "CONFIRMATION_REQUIRED") throw error;
    const ok = await openConfirmDialog({
      type: "Warning",
      title: DOCUMENT_MESSAGES.clearTagsTitle,
      message: `${DOCUMENT_MESSAGES.clearTagsConfirm} ${error.details?.[0]?.message ?? ""}`.trim(),
      confirmLabel: "Delete tags and change",
      confirmColor: "red",
    });
    if (!ok) return false;
    await change(true);
    return true;
  }
}
