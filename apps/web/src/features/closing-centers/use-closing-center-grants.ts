import type { ClosingCenterPermission } from "@signet/contract";
import { useQuery } from "@tanstack/react-query";
import { useClosingCenterViewer } from "../../session/permissions.ts";
import { closingCenterQueries } from "./closing-center-queries.ts";

export const NOT_GRANTED_REASON = "Your closing center was not allowed this on this package";

/**
 * What the caller's closing center may do on the package (issue 16 §3); null for everyone who is
 * not a closing-center user, whose controls follow their own permissions.
 */
export function useClosingCenterGrants(orgId: string, packageId: string): readonly ClosingCenterPermission[] | null {
  const viewer = useClosingCenterViewer();
  const shares = useQuery({ ...closingCenterQueries.shares(orgId, packageId), enabled: viewer !== null });
  if (!viewer) return null;
  return shares.data?.records[0]?.permissions ?? [];
}
