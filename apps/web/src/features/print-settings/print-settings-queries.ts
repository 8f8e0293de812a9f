import { printSettingsRoutes } from "@signet/contract";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { api } from "../../api/client.ts";

// Query keys of Settings › Print fulfillment; everything sits under ["print-settings", orgId] so one
// invalidation refreshes the page and the builder's options after a change.

export const printSettingsQueries = {
  settings: (orgId: string) =>
    queryOptions({
      queryKey: ["print-settings", orgId, "settings"],
      queryFn: ({ signal }) =>
        api(printSettingsRoutes.getPrintFulfillment, { params: { orgId }, signal, passThrough: true }),
      retry: false,
    }),
  returnAddresses: (orgId: string) =>
    queryOptions({
      queryKey: ["print-settings", orgId, "return-addresses"],
      queryFn: ({ signal }) =>
        api(printSettingsRoutes.listReturnAddresses, { params: { orgId }, signal, passThrough: true }),
      retry: false,
    }),
  envelopes: (orgId: string) =>
    queryOptions({
      queryKey: ["print-settings", orgId, "envelopes"],
      queryFn: ({ signal }) =>
        api(printSettingsRoutes.listBusinessReturnEnvelopes, { params: { orgId }, signal, passThrough: true }),
      retry: false,
    }),
  carriers: (orgId: string) =>
    queryOptions({
      queryKey: ["print-settings", orgId, "carriers"],
      queryFn: ({ signal }) => api(printSettingsRoutes.listCarriers, { params: { orgId }, signal, passThrough: true }),
      retry: false,
    }),
  /** what a sender may choose from in the builder, readable with package permissions */
  options: (orgId: string) =>
    queryOptions({
      queryKey: ["print-settings", orgId, "options"],
      queryFn: ({ signal }) =>
        api(printSettingsRoutes.getPrintOptions, { params: { orgId }, signal, passThrough: true }),
      retry: false,
    }),
};

export function refreshPrintSettings(client: QueryClient, orgId: string) {
  return client.invalidateQueries({ queryKey: ["print-settings", orgId] });
}
