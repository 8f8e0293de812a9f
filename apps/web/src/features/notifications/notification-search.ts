import { NOTIFICATION_CHANNELS, NOTIFICATION_STATUSES } from "@signet/contract";
import {
  isoDate,
  oneOf,
  pageNumber,
  type SearchValues,
  searchSchema,
  sortDirection,
  text,
  uuid,
} from "../../app/search.ts";

// Filters and page live in the URL so that a link opens the same view; .catch() drops a malformed
// value instead of failing the route. The route reads this before its page loads: the kinds' words
// (the email templates contract) live in notification-kinds.ts, out of the entry.
export const notificationSearchSchema = searchSchema({
  organizationId: uuid(),
  kind: text({ max: 100 }),
  channel: oneOf(NOTIFICATION_CHANNELS),
  status: oneOf(NOTIFICATION_STATUSES),
  from: isoDate(),
  to: isoDate(),
  recipient: text({ max: 320 }),
  /** newest first unless asc */
  sortDirection: sortDirection(),
  page: pageNumber(),
});
export type NotificationSearch = SearchValues<typeof notificationSearchSchema>;
