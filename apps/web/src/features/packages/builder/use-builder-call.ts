import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { ApiError, errorMessage } from "../../../api/api-error.ts";
import { toastError } from "../../../components/toast.ts";
import { invalidatePackage } from "../package-queries.ts";
import { useBuilder } from "./builder-context.tsx";

/**
 * Runs a builder save: counted by the save counter, its error toasted (a version conflict says
 * 'Version not matched.'), and the package's queries refreshed either way. True when it succeeded.
 */
export function useBuilderCall() {
  const { organizationId, packageId, track } = useBuilder();
  const client = useQueryClient();
  return useCallback(
    async (work: () => Promise<unknown>): Promise<boolean> => {
      try {
        await track(work());
        return true;
      } catch (error) {
        if (!(error instanceof ApiError && error.handled)) toastError(errorMessage(error));
        return false;
      } finally {
        await invalidatePackage(client, organizationId, packageId);
      }
    },
    [client, organizationId, packageId, track],
  );
}
