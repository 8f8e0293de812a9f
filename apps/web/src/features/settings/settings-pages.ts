import { oneOf, type SearchValues, searchSchema, uuid } from "../../app/search.ts";

// Issue 13 §2: the Settings page's pages, in the order of its navigation. A page either shows
// inside the Settings page (selected by ?page=) or leads to a page of its own under /settings.

export const SETTINGS_PAGE_IDS = [
  "organization",
  "branding",
  "package-collaboration",
  "esign-consent",
  "id-verification",
  "session",
  "package-expiration",
  "signer-uploads",
  "trid",
  "custom-fields",
  "embedded-signing",
  "seal-certificate",
  "electronic-vault",
  "print-fulfillment",
  "closing-centers",
  "watermarks",
  "email",
  "notifications",
  "security",
] as const;
export type SettingsPageId = (typeof SETTINGS_PAGE_IDS)[number];

/** spec §4: ORGANIZATION is the page shown first, and the one a failure to load goes back to */
export const DEFAULT_SETTINGS_PAGE: SettingsPageId = "organization";

export const SETTINGS_PAGE_LABELS: Record<SettingsPageId, string> = {
  organization: "Organization",
  branding: "Branding",
  "package-collaboration": "Package collaboration",
  "esign-consent": "eSign consent",
  "id-verification": "ID verification",
  session: "Session",
  "package-expiration": "Package expiration",
  "signer-uploads": "Signer uploads",
  trid: "TRID",
  "custom-fields": "Custom fields",
  "embedded-signing": "Embedded signing",
  "seal-certificate": "Seal certificate",
  "electronic-vault": "Electronic vault",
  "closing-centers": "Closing centers",
  "print-fulfillment": "Print fulfillment",
  watermarks: "Watermarks",
  email: "Email",
  notifications: "Notifications",
  security: "Security",
};

/** Pages of their own (lists and editors), reached from the same navigation. */
export const SETTINGS_LINKS = [
  { id: "document-templates", label: "Document templates", to: "/settings/document-templates" },
  { id: "package-templates", label: "Package templates", to: "/settings/package-templates" },
  { id: "email-templates", label: "Email templates", to: "/settings/email-templates" },
  { id: "webhooks", label: "Webhooks", to: "/settings/webhooks" },
  { id: "identity-providers", label: "Identity providers", to: "/settings/identity-providers" },
  { id: "notary-profile", label: "Notary profile", to: "/settings/notary-profile" },
] as const;

/**
 * ?page= — an unknown page falls back to ORGANIZATION rather than failing the route. ?org= lets a
 * support user open another organization's settings (ignored for everyone else).
 */
export const settingsSearchSchema = searchSchema({
  page: oneOf(SETTINGS_PAGE_IDS),
  org: uuid(),
});
export type SettingsSearch = SearchValues<typeof settingsSearchSchema>;
