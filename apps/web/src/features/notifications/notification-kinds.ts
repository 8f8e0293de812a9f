import { EMAIL_TEMPLATE_KIND_INFO, type EmailTemplateKind } from "@signet/contract";

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
