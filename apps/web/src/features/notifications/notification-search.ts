import { NOTIFICATION_CHANNELS, NOTIFICATION_STATUSES } from "@signet/contract";
import * as z from "zod/mini";
import { lenient, pageNumber, sortDirection } from "../../app/search.ts";

// Filters and page live in the URL so that a link opens the same view; .catch() drops a malformed
// value instead of failing the route. The route reads this before its page loads: the kinds' words
// (the email templates contract) live in notification-kinds.ts, out of the entry.
const day = lenient(z.iso.date());
export const notificationSearchSchema = z.object({
  organizationId: lenient(z.uuid()),
  kind: lenient(z.string().check(z.maxLength(100))),
  channel: lenient(z.enum(NOTIFICATION_CHANNELS)),
  status: lenient(z.enum(NOTIFICATION_STATUSES)),
  from: day,
  to: day,
  recipient: lenient(z.string().check(z.maxLength(320))),
  /** newest first unless asc */
  sortDirection: lenient(sortDirection()),
  page: lenient(pageNumber()),
});
export type NotificationSearch = z.infer<typeof notificationSearchSchema>;
