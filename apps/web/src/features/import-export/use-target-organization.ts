import { useQuery } from "@tanstack/react-query";
import { useSessionUser } from "../../app/services-context.tsx";
import { accessQueries } from "../access/access-queries.ts";

/**
 * The organization the page exports from or imports into: the user's own, or — for a support user
 * who opened it with ?org= — that organization (the server checks the same rule).
 */
export function useTargetOrganization(org: string | undefined) {
  const user = useSessionUser();
  const other = user?.supportUser && org && org !== user.organizationId ? org : undefined;
  const otherOrganization = useQuery({ ...accessQueries.organization(other ?? ""), enabled: Boolean(other) });
  return {
    organizationId: other ?? user?.organizationId ?? "",
    supportAccess: Boolean(other),
    name: other ? (otherOrganization.data?.name ?? null) : (user?.organizationName ?? null),
  };
}
