import { emailTemplateRoutes } from "@signet/contract";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { api } from "../../../api/client.ts";

export const emailTemplateQueries = {
  list: (orgId: string) =>
    queryOptions({
      queryKey: ["email-templates", orgId, "list"],
      queryFn: ({ signal }) => api(emailTemplateRoutes.listEmailTemplates, { params: { orgId }, query: {}, signal }),
    }),
  /** package step 3 and review: errors stay with the caller (the picker is then disabled) */
  invitations: (orgId: string) =>
    queryOptions({
      queryKey: ["email-templates", orgId, "list", "invitation"],
      queryFn: ({ signal }) =>
        api(emailTemplateRoutes.listEmailTemplates, {
          params: { orgId },
          query: { kind: "invitation" },
          signal,
          passThrough: true,
        }),
      retry: false,
    }),
  one: (orgId: string, templateId: string) =>
    queryOptions({
      queryKey: ["email-templates", orgId, "one", templateId],
      queryFn: ({ signal }) => api(emailTemplateRoutes.getEmailTemplate, { params: { orgId, templateId }, signal }),
    }),
  settings: (orgId: string) =>
    queryOptions({
      queryKey: ["email-settings", orgId],
      queryFn: ({ signal }) => api(emailTemplateRoutes.getEmailSettings, { params: { orgId }, signal }),
    }),
};

export function refreshEmailTemplates(queryClient: QueryClient, orgId: string) {
  return queryClient.invalidateQueries({ queryKey: ["email-templates", orgId] });
}
