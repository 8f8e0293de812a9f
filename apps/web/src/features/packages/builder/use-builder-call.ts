import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { ApiError, errorMessage } from "../../../api/api-error.ts";
import { toastError } from "../../../components/toast.ts";
import { invalidatePackage } from "../package-queries.ts";
import { failureOf, useBuilder } from "./builder-context.tsx";

/** A save that did not reach the server: what is kept, and what happens next, in words. */
export const UNREACHABLE_SAVE =
  "Your last change could not be saved: Signet did not answer. It stays on this page and is sent again by itself; the header says when it is saved.";

/** A version conflict: the server's 'Version not matched.' and what the builder does about it. */
export function conflictMessage(error: ApiError): string {
  return `${error.message.replace(/\.?$/, ".")} Someone else changed this package; the latest version is shown, check it and try again.`;
}

/**
 * Runs a builder save: counted by the save counter, its error toasted (a version conflict says
 * 'Version not matched.') unless `onError` shows it and answers true, and the package's queries
 * refreshed either way. True when it succeeded.
 */
export function useBuilderCall() {
  const { organizationId, packageId, track } = useBuilder();
  const client = useQueryClient();
  return useCallback(
    async (work: () => Promise<unknown>, options?: { onError?: (error: unknown) => boolean }): Promise<boolean> => {
      try {
        await track(work());
        return true;
      } catch (error) {
        if (options?.onError?.(error)) return false;
        if (failureOf(error) === "unreachable") toastError(UNREACHABLE_SAVE, "builder-unreachable");
        else if (error instanceof ApiError && error.status === 409) toastError(conflictMessage(error));
        else if (!(error instanceof ApiError && error.handled)) toastError(errorMessage(error));
        return false;
      } finally {
        await invalidatePackage(client, organizationId, packageId);
      }
    },
    [client, organizationId, packageId, track],
  );
}
