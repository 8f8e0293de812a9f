import type { WebhookEndpoint } from "@signet/contract";
import { oneOf, pageNumber, type SearchValues, searchSchema, sortDirection } from "../../../app/search.ts";
import { lastDeliveryWords } from "./webhook-delivery-result.ts";

// Filters, sort and page live in the URL so that a link opens the same view; .catch() drops a
// malformed value instead of failing the route.
export const webhookListSearchSchema = searchSchema({
  state: oneOf(["active", "suspended"]),
  sortBy: oneOf(["url", "state", "lastDelivery"]),
  sortDirection: sortDirection(),
  page: pageNumber(),
});
export type WebhookListSearch = SearchValues<typeof webhookListSearchSchema>;

export const webhookLogSearchSchema = searchSchema({
  page: pageNumber(),
  sortDirection: sortDirection(),
});
export type WebhookLogSearch = SearchValues<typeof webhookLogSearchSchema>;

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
