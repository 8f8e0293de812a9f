import { templateRoutes } from "@signet/contract";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { api } from "../../api/client.ts";

// Document and package templates (issue 13 §3–§4): the settings lists and editors, the builder in
// template mode and the senders' pickers.

// the builder changes a template behind these queries: each page asks afresh
const fresh = { retry: false, staleTime: 0 } as const;

export const templateQueries = {
  documentTemplates: (orgId: string, usable = false) =>
    queryOptions({
      queryKey: ["templates", orgId, "document", usable ? "usable" : "all"],
      queryFn: ({ signal }) =>
        api(templateRoutes.listDocumentTemplates, {
          params: { orgId },
          query: { usable: usable ? "true" : "false" },
          signal,
          passThrough: true,
        }),
      ...fresh,
    }),
  documentTemplate: (orgId: string, templateId: string) =>
    queryOptions({
      queryKey: ["templates", orgId, "document", "one", templateId],
      queryFn: ({ signal }) =>
        api(templateRoutes.getDocumentTemplate, { params: { orgId, templateId }, signal, passThrough: true }),
      ...fresh,
    }),
  documentTemplateVersions: (orgId: string, templateId: string) =>
    queryOptions({
      queryKey: ["templates", orgId, "document", "versions", templateId],
      queryFn: ({ signal }) =>
        api(templateRoutes.listDocumentTemplateVersions, { params: { orgId, templateId }, signal, passThrough: true }),
      ...fresh,
    }),
  packageTemplates: (orgId: string, usable = false) =>
    queryOptions({
      queryKey: ["templates", orgId, "package", usable ? "usable" : "all"],
      queryFn: ({ signal }) =>
        api(templateRoutes.listPackageTemplates, {
          params: { orgId },
          query: { usable: usable ? "true" : "false" },
          signal,
          passThrough: true,
        }),
      ...fresh,
    }),
  packageTemplate: (orgId: string, templateId: string) =>
    queryOptions({
      queryKey: ["templates", orgId, "package", "one", templateId],
      queryFn: ({ signal }) =>
        api(templateRoutes.getPackageTemplate, { params: { orgId, templateId }, signal, passThrough: true }),
      ...fresh,
    }),
};

export function refreshTemplates(queryClient: QueryClient, orgId: string) {
  return queryClient.invalidateQueries({ queryKey: ["templates", orgId] });
}
