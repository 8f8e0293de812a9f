import { webhookRoutes } from "@signet/contract";
import { keepPreviousData, type QueryClient, queryOptions } from "@tanstack/react-query";
import { api } from "../../../api/client.ts";

export interface DeliveryPage {
  pageNumber: number;
  sortDirection: "asc" | "desc";
}

// Deliveries happen in the worker after a 202, so the log asks again while it is on screen.
const LOG_REFRESH_MS = 3000;

export const webhookQueries = {
  list: (orgId: string) =>
    queryOptions({
      queryKey: ["webhooks", orgId, "list"],
      queryFn: ({ signal }) => api(webhookRoutes.listWebhooks, { params: { orgId }, signal }),
    }),
  one: (orgId: string, webhookId: string) =>
    queryOptions({
      queryKey: ["webhooks", orgId, "one", webhookId],
      queryFn: ({ signal }) => api(webhookRoutes.getWebhook, { params: { orgId, webhookId }, signal }),
    }),
  deliveries: (orgId: string, webhookId: string, page: DeliveryPage) =>
    queryOptions({
      queryKey: ["webhooks", orgId, "deliveries", webhookId, page],
      queryFn: ({ signal }) =>
        api(webhookRoutes.listWebhookDeliveries, {
          params: { orgId, webhookId },
          query: { pageNumber: page.pageNumber, sortBy: "attemptedAt", sortDirection: page.sortDirection },
          signal,
        }),
      placeholderData: keepPreviousData,
      refetchInterval: LOG_REFRESH_MS,
    }),
};

export function refreshWebhooks(queryClient: QueryClient, orgId: string) {
  return queryClient.invalidateQueries({ queryKey: ["webhooks", orgId] });
}
