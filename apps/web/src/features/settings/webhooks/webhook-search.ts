import type { WebhookEndpoint } from "@signet/contract";
import { z } from "zod";
import { lastDeliveryWords } from "./webhook-delivery-result.ts";

// Filters, sort and page live in the URL so that a link opens the same view; .catch() drops a
// malformed value instead of failing the route.
export const webhookListSearchSchema = z.object({
  state: z.enum(["active", "suspended"]).optional().catch(undefined),
  sortBy: z.enum(["url", "state", "lastDelivery"]).optional().catch(undefined),
  sortDirection: z.enum(["asc", "desc"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});
export type WebhookListSearch = z.infer<typeof webhookListSearchSchema>;

export const webhookLogSearchSchema = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  sortDirection: z.enum(["asc", "desc"]).optional().catch(undefined),
});
export type WebhookLogSearch = z.infer<typeof webhookLogSearchSchema>;

const sortKeys: Record<NonNullable<WebhookListSearch["sortBy"]>, (e: WebhookEndpoint) => string> = {
  url: (e) => e.url.toLowerCase(),
  state: (e) => (e.suspended ? "1" : e.enabled ? "0" : "2"),
  lastDelivery: (e) => lastDeliveryWords(e).at ?? "",
};

/** The list's rows after the URL's filter and sort (the API answers every endpoint at once). */
export function visibleWebhooks(endpoints: WebhookEndpoint[], search: WebhookListSearch): WebhookEndpoint[] {
  const filtered = endpoints.filter((endpoint) =>
    search.state === undefined ? true : search.state === "suspended" ? endpoint.suspended : !endpoint.suspended,
  );
  const key = sortKeys[search.sortBy ?? "url"];
  const sign = search.sortDirection === "desc" ? -1 : 1;
  return [...filtered].sort((a, b) => sign * key(a).localeCompare(key(b)));
}
