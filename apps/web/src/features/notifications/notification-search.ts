import {
  EMAIL_TEMPLATE_KIND_INFO,
  type EmailTemplateKind,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_STATUSES,
} from "@signet/contract";
import { z } from "zod";

// Filters and page live in the URL so that a link opens the same view; .catch() drops a malformed
// value instead of failing the route.
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

/** Kinds the product records besides the email template kinds (text messages, notices of its own). */
const OTHER_KINDS: Record<string, string> = {
  "verification-code": "Verification code (text message)",
  "webhook-suspended": "Webhook suspended",
  test: "Test message",
};

/** A record's kind in words: the email template kind's label, else the known extra kinds, else sentence case. */
export function notificationKindWords(kind: string): string {
  const info = EMAIL_TEMPLATE_KIND_INFO[kind as EmailTemplateKind];
  if (info) return info.label;
  if (OTHER_KINDS[kind]) return OTHER_KINDS[kind];
  const words = kind.replace(/[-_.]+/g, " ").trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : "Other";
}

export const NOTIFICATION_KIND_OPTIONS = [
  ...Object.entries(EMAIL_TEMPLATE_KIND_INFO).map(([value, info]) => ({ value, label: info.label })),
  ...Object.entries(OTHER_KINDS).map(([value, label]) => ({ value, label })),
];
