import { NOTIFICATION_CHANNELS, NOTIFICATION_STATUSES } from "@signet/contract";
import { z } from "zod";

// Filters and page live in the URL so that a link opens the same view; .catch() drops a malformed
// value instead of failing the route. The route reads this before its page loads: the kinds' words
// (the email templates contract) live in notification-kinds.ts, out of the entry.
const day = z.iso.date().optional().catch(undefined);
export const notificationSearchSchema = z.object({
  organizationId: z.uuid().optional().catch(undefined),
  kind: z.string().max(100).optional().catch(undefined),
  channel: z.enum(NOTIFICATION_CHANNELS).optional().catch(undefined),
  status: z.enum(NOTIFICATION_STATUSES).optional().catch(undefined),
  from: day,
  to: day,
  recipient: z.string().max(320).optional().catch(undefined),
  /** newest first unless asc */
  sortDirection: z.enum(["asc", "desc"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});
export type NotificationSearch = z.infer<typeof notificationSearchSchema>;
