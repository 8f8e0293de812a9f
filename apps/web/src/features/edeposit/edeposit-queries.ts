import { type EDeposit, eDepositRoutes } from "@signet/contract";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { api } from "../../api/client.ts";

// Query keys of the eVault settings and of a package's eDeposit. A package's eDeposit lives under
// ["packages", orgId, packageId] so invalidatePackage refreshes it with the rest of the package.

/** While a deposit runs in the worker the panel asks again this often. */
export const EDEPOSIT_POLL_MS = 3_000;

export const eVaultQueries = {
  list: (orgId: string) =>
    queryOptions({
      queryKey: ["evaults", orgId, "list"],
      queryFn: ({ signal }) => api(eDepositRoutes.listEVaults, { params: { orgId }, signal, passThrough: true }),
      retry: false,
    }),
  /** what a sender may choose from: names only, readable with package permissions */
  options: (orgId: string) =>
    queryOptions({
      queryKey: ["evaults", orgId, "options"],
      queryFn: ({ signal }) => api(eDepositRoutes.listEVaultOptions, { params: { orgId }, signal, passThrough: true }),
      retry: false,
    }),
  configInfo: (orgId: string, evaultId: string) =>
    queryOptions({
      queryKey: ["evaults", orgId, "config-info", evaultId],
      queryFn: ({ signal }) =>
        api(eDepositRoutes.getEVaultConfigInfo, { params: { orgId, evaultId }, signal, passThrough: true }),
      retry: false,
      staleTime: 60_000,
    }),
};

export const eDepositQuery = (orgId: string, packageId: string) =>
  queryOptions({
    queryKey: ["packages", orgId, packageId, "edeposit"],
    queryFn: ({ signal }) =>
      api(eDepositRoutes.getEDeposit, { params: { orgId, packageId }, signal, passThrough: true }),
    retry: false,
    refetchInterval: (query) => (pollsWhile(query.state.data) ? EDEPOSIT_POLL_MS : false),
  });

/** A deposit under way changes by itself (the worker's stages): look again until it settles. */
export function pollsWhile(edeposit: Pick<EDeposit, "status"> | undefined): boolean {
  return edeposit?.status === "IN_PROGRESS";
}

export function refreshEVaults(client: QueryClient, orgId: string) {
  return client.invalidateQueries({ queryKey: ["evaults", orgId] });
}
