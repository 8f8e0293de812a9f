import { reportRoutes, settingRoutes, userRoutes } from "@signet/contract";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import type { toReportFilter, toReportQuery } from "./report-search.ts";

// Query keys and fetchers of the report pages. The pickers' lists are read with passThrough: a
// reports user without access-control or settings permissions gets a disabled picker, not an
// error page.

export const reportQueries = {
  packages: (orgId: string, query: ReturnType<typeof toReportQuery>) =>
    queryOptions({
      queryKey: ["reports", orgId, "packages", query],
      queryFn: ({ signal }) => api(reportRoutes.packageReport, { params: { orgId }, query, signal, passThrough: true }),
      placeholderData: keepPreviousData,
    }),
  series: (orgId: string, filter: ReturnType<typeof toReportFilter>) =>
    queryOptions({
      queryKey: ["reports", orgId, "series", filter],
      queryFn: ({ signal }) =>
        api(reportRoutes.packageReportSeries, { params: { orgId }, query: filter, signal, passThrough: true }),
      placeholderData: keepPreviousData,
    }),
  senders: (orgId: string) =>
    queryOptions({
      queryKey: ["reports", orgId, "senders"],
      queryFn: ({ signal }) =>
        api(userRoutes.usersBaseInfo, { params: { orgId }, query: { limit: 100 }, signal, passThrough: true }),
      staleTime: 60_000,
    }),
  participantTypes: (orgId: string) =>
    queryOptions({
      queryKey: ["reports", orgId, "participant-types"],
      queryFn: ({ signal }) => api(settingRoutes.getPackageSettings, { params: { orgId }, signal, passThrough: true }),
      staleTime: 60_000,
    }),
};
