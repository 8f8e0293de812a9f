import { closingCenterRoutes } from "@signet/contract";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { api } from "../../api/client.ts";

// Query keys of the closing centers (issue 16 §3). A package's shares live under
// ["packages", orgId, packageId] so invalidatePackage refreshes them with the rest of the package.

export const closingCenterQueries = {
  list: (orgId: string) =>
    queryOptions({
      queryKey: ["closing-centers", orgId, "list"],
      queryFn: ({ signal }) =>
        api(closingCenterRoutes.listClosingCenters, { params: { orgId }, signal, passThrough: true }),
      retry: false,
    }),
  members: (orgId: string, closingCenterId: string) =>
    queryOptions({
      queryKey: ["closing-centers", orgId, "members", closingCenterId],
      queryFn: ({ signal }) =>
        api(closingCenterRoutes.listClosingCenterMembers, {
          params: { orgId, closingCenterId },
          signal,
          passThrough: true,
        }),
      retry: false,
    }),
  shares: (orgId: string, packageId: string) =>
    queryOptions({
      queryKey: ["packages", orgId, packageId, "closing-centers"],
      queryFn: ({ signal }) =>
        api(closingCenterRoutes.listPackageClosingCenters, { params: { orgId, packageId }, signal, passThrough: true }),
      retry: false,
    }),
};

export function refreshClosingCenters(client: QueryClient, orgId: string) {
  return client.invalidateQueries({ queryKey: ["closing-centers", orgId] });
}

export function refreshShares(client: QueryClient, orgId: string, packageId: string) {
  return Promise.all([
    client.invalidateQueries({ queryKey: ["packages", orgId, packageId, "closing-centers"] }),
    // a share changes the centers' shared-package counts
    client.invalidateQueries({ queryKey: ["closing-centers", orgId] }),
  ]);
}
