import {
  documentRoutes,
  type PackageListQuery,
  packageActionRoutes,
  packageRoutes,
  participantRoutes,
  settingRoutes,
  signingAdminRoutes,
  tagRoutes,
} from "@signet/contract";
import { keepPreviousData, type QueryClient, queryOptions } from "@tanstack/react-query";
import { api } from "../../api/client.ts";

// Query keys and fetchers of the package screens. Everything of one package lives under
// ["packages", orgId, packageId] so an action refreshes it in one call.

export type WorkspaceQuery = Partial<Omit<PackageListQuery, "status">> & { status?: string[] };

export const packageQueries = {
  workspace: (orgId: string, query: WorkspaceQuery) =>
    queryOptions({
      queryKey: ["packages", orgId, "workspace", query],
      queryFn: ({ signal }) => api(packageRoutes.listWorkspacePackages, { params: { orgId }, query, signal }),
      placeholderData: keepPreviousData,
    }),
  groupOptions: (orgId: string) =>
    queryOptions({
      queryKey: ["packages", orgId, "group-options"],
      queryFn: ({ signal }) => api(packageRoutes.listPackageGroupOptions, { params: { orgId }, signal }),
    }),
  statusCounts: (orgId: string) =>
    queryOptions({
      queryKey: ["packages", orgId, "status-counts"],
      queryFn: ({ signal }) => api(packageRoutes.packageStatusCounts, { params: { orgId }, signal }),
    }),
  package: (orgId: string, packageId: string) =>
    queryOptions({
      queryKey: ["packages", orgId, packageId, "package"],
      queryFn: ({ signal }) => api(packageRoutes.getPackage, { params: { orgId, packageId }, signal }),
    }),
  participants: (orgId: string, packageId: string) =>
    queryOptions({
      queryKey: ["packages", orgId, packageId, "participants"],
      queryFn: ({ signal }) => api(participantRoutes.listParticipants, { params: { orgId, packageId }, signal }),
    }),
  documents: (orgId: string, packageId: string) =>
    queryOptions({
      queryKey: ["packages", orgId, packageId, "documents"],
      queryFn: ({ signal }) => api(documentRoutes.listDocuments, { params: { orgId, packageId }, signal }),
    }),
  documentParticipants: (orgId: string, packageId: string) =>
    queryOptions({
      queryKey: ["packages", orgId, packageId, "document-participants"],
      queryFn: ({ signal }) => api(tagRoutes.listDocumentParticipants, { params: { orgId, packageId }, signal }),
    }),
  /** what stops the package from being sent (the builder's step ticks and review checklist) */
  sendCheck: (orgId: string, packageId: string) =>
    queryOptions({
      queryKey: ["packages", orgId, packageId, "send-check"],
      queryFn: ({ signal }) => api(packageActionRoutes.getSendCheck, { params: { orgId, packageId }, signal }),
    }),
  tags: (orgId: string, packageId: string) =>
    queryOptions({
      queryKey: ["packages", orgId, packageId, "tags"],
      queryFn: ({ signal }) => api(tagRoutes.listPackageTags, { params: { orgId, packageId }, signal }),
    }),
  settings: (orgId: string) =>
    queryOptions({
      queryKey: ["packages", orgId, "settings"],
      queryFn: ({ signal }) => api(settingRoutes.getPackageSettings, { params: { orgId }, signal }),
      staleTime: 60_000,
    }),
  sealedArtifacts: (orgId: string, packageId: string) =>
    queryOptions({
      queryKey: ["packages", orgId, packageId, "sealed-artifacts"],
      queryFn: ({ signal }) => api(signingAdminRoutes.listSealedArtifacts, { params: { orgId, packageId }, signal }),
    }),
  audit: (orgId: string, packageId: string) =>
    queryOptions({
      queryKey: ["packages", orgId, packageId, "audit"],
      queryFn: ({ signal }) => api(packageActionRoutes.getPackageAudit, { params: { orgId, packageId }, signal }),
    }),
};

/** After a change to one package: its own queries and the organization's lists. */
export function invalidatePackage(client: QueryClient, orgId: string, packageId?: string) {
  return Promise.all([
    client.invalidateQueries({ queryKey: ["packages", orgId, "workspace"] }),
    client.invalidateQueries({ queryKey: ["packages", orgId, "status-counts"] }),
    packageId ? client.invalidateQueries({ queryKey: ["packages", orgId, packageId] }) : undefined,
  ]);
}
