import { Skeleton, Stack } from "@mantine/core";
import { hasPermission } from "@signet/contract";
import type { ReactNode } from "react";
import { usePermissionBits } from "../../session/permissions.ts";
import { RefusalPage } from "../system/RefusalPage.tsx";

/** Spec §6: Organization import/export needs MANAGE_ORG_IMPORT_EXPORT; anyone else gets the refusal page. */
export function RequireImportExport({ children }: { children: ReactNode }) {
  const bits = usePermissionBits();
  if (bits === null)
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading organization import/export">
        <Skeleton height={28} width="40%" />
        <Skeleton height={120} />
      </Stack>
    );
  if (!hasPermission(bits, "MANAGE_ORG_IMPORT_EXPORT"))
    return (
      <RefusalPage area="Organization import/export" reason={{ permission: "MANAGE_ORG_IMPORT_EXPORT" }} level={2} />
    );
  return <>{children}</>;
}
