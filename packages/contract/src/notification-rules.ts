import { z } from "zod";
import { ID } from "./ids.ts";
import { versionQuerySchema } from "./paging.ts";
import { recordUpdatedAt } from "./record-fields.ts";
import { defineRouteEntry as define } from "./route-def.ts";

// Automatic reminders, the expiring-soon notice and email notification rules (issue 14 §2; spec §1
// notifications, §3 email notification: uid and version, §7 email notifications GET/POST/PUT/DELETE
// with version, §8 'Reminder sent successfully').

// ---- reminders ------------------------------------------------------------------------------

/** The organization's defaults (settings registry, category AUTOMATION). */
export const reminderSettingFields = {
  reminders_enabled: z.boolean(),
  reminder_first_after_days: z.number().int().min(1, "Enter 1 to 365 days").max(365, "Enter 1 to 365 days"),
  reminder_interval_days: z.number().int().min(1, "Enter 1 to 365 days").max(365, "Enter 1 to 365 days"),
  reminder_max_count: z.number().int().min(1, "Enter 1 to 50 reminders").max(50, "Enter 1 to 50 reminders"),
  expiring_soon_days: z.number().int().min(0, "Enter 0 to 365 days (0: off)").max(365, "Enter 0 to 365 days (0: off)"),
};

export const DEFAULT_REMINDER_SETTINGS = {
  reminders_enabled: false,
  reminder_first_after_days: 3,
  reminder_interval_days: 3,
  reminder_max_count: 3,
  expiring_soon_days: 0,
} as const;

/** One reminder policy: org defaults, a package's override, or the snapshot taken at availability. */
export const reminderPolicySchema = z
  .object({
    enabled: z.boolean().describe("Send automatic reminders"),
    firstAfterDays: reminderSettingFields.reminder_first_after_days.describe(
      "Days after the package became available before the first reminder",
    ),
    intervalDays: reminderSettingFields.reminder_interval_days.describe("Days between later reminders"),
    maxCount: reminderSettingFields.reminder_max_count.describe("At most this many automatic reminders"),
    expiringSoonDays: reminderSettingFields.expiring_soon_days.describe(
      "Days before the package expires that the expiring-soon notice goes out (0: off)",
    ),
  })
  .meta({ id: "ReminderPolicy", description: "When automatic reminders are sent for a package" });
export type ReminderPolicy = z.infer<typeof reminderPolicySchema>;

/** The organization's defaults as one policy. */
export function policyFromSettings(settings: {
  reminders_enabled: boolean;
  reminder_first_after_days: number;
  reminder_interval_days: number;
  reminder_max_count: number;
  expiring_soon_days: number;
}): ReminderPolicy {
  return {
    enabled: settings.reminders_enabled,
    firstAfterDays: settings.reminder_first_after_days,
    intervalDays: settings.reminder_interval_days,
    maxCount: settings.reminder_max_count,
    expiringSoonDays: settings.expiring_soon_days,
  };
}

const DAY_MS = 86_400_000;

/** When reminder number `sent + 1` is due (null: no more), counted from when the package became available. */
export function nextReminderAt(policy: ReminderPolicy, availableAt: Date, sent: number): Date | null {
  if (!policy.enabled || sent >= policy.maxCount) return null;
  const days = policy.firstAfterDays + sent * policy.intervalDays;
  return new Date(availableAt.getTime() + days * DAY_MS);
}

/** When the expiring-soon notice is due (null: off or no expiry). */
export function expiringSoonAt(policy: ReminderPolicy, packageExpiresAt: Date | null): Date | null {
  if (!packageExpiresAt || policy.expiringSoonDays <= 0) return null;
  return new Date(packageExpiresAt.getTime() - policy.expiringSoonDays * DAY_MS);
}

export const packageReminderSettingsSchema = z
  .object({
    packageId: ID.packageId,
    useOrganizationDefaults: z.boolean().describe("true: the organization's reminder defaults apply"),
    override: reminderPolicySchema.nullable().describe("The package's own policy when not using the defaults"),
    organizationDefaults: reminderPolicySchema,
    effective: reminderPolicySchema.describe("What applies (a snapshot once the package is available)"),
    remindersSent: z.number().int().describe("Automatic reminders sent so far"),
    nextReminderAt: z
      .string()
      .nullable()
      .describe("When the next automatic reminder is due (ISO 8601 time); null: none"),
    expiringSoonSentAt: z
      .string()
      .nullable()
      .describe("When the expiring-soon notice was sent (ISO 8601 time); null: not sent"),
    version: z.number().int().describe("Send back on update (optimistic locking)"),
  })
  .meta({ id: "PackageReminderSettings" });
export type PackageReminderSettings = z.infer<typeof packageReminderSettingsSchema>;

export const updatePackageReminderSettingsSchema = z
  .object({
    version: z
      .number()
      .int()
      .min(1)
      .describe(
        "The version last read (optimistic locking): if someone changed the record since, the request answers 409",
      ),
    useOrganizationDefaults: z.boolean().describe("true: the organization's reminder defaults apply"),
    override: reminderPolicySchema
      .nullable()
      .default(null)
      .describe("The package's own policy, required when not using the defaults; null otherwise"),
  })
  .refine((v) => v.useOrganizationDefaults || v.override !== null, {
    message: "Enter the package's reminder settings, or use the organization's defaults",
    path: ["override"],
  })
  .meta({ id: "UpdatePackageReminderSettings" });
export type UpdatePackageReminderSettings = z.input<typeof updatePackageReminderSettingsSchema>;

// ---- email notification rules ---------------------------------------------------------------

export const EMAIL_NOTIFICATION_EVENTS = [
  "PACKAGE_COMPLETED",
  "PARTICIPANT_DECLINED",
  "CONSENT_WITHDRAWN",
  "PACKAGE_EXPIRED",
  "PACKAGE_CANCELLED",
  "REMINDER_SENT",
  "EDEPOSIT_FAILED",
  "PACKAGE_EDEPOSITED",
] as const;
export type EmailNotificationEvent = (typeof EMAIL_NOTIFICATION_EVENTS)[number];

export const EMAIL_NOTIFICATION_EVENT_LABELS: Record<EmailNotificationEvent, string> = {
  PACKAGE_COMPLETED: "Package completed",
  PARTICIPANT_DECLINED: "Participant declined",
  CONSENT_WITHDRAWN: "Consent withdrawn",
  PACKAGE_EXPIRED: "Package expired",
  PACKAGE_CANCELLED: "Package cancelled",
  REMINDER_SENT: "Reminder sent",
  EDEPOSIT_FAILED: "eDeposit failed",
  PACKAGE_EDEPOSITED: "Package deposited into the eVault",
};

/** The audit event types that trigger each notification event. */
export const EMAIL_NOTIFICATION_EVENT_BY_AUDIT_TYPE: Readonly<Record<string, EmailNotificationEvent>> = {
  "package.completed": "PACKAGE_COMPLETED",
  "participant.declined": "PARTICIPANT_DECLINED",
  "participant.consent-withdrawn": "CONSENT_WITHDRAWN",
  "package.expired": "PACKAGE_EXPIRED",
  "package.cancelled": "PACKAGE_CANCELLED",
  "package.reminders-sent": "REMINDER_SENT",
  "package.automatic-reminder-sent": "REMINDER_SENT",
  "package.edeposit-failed": "EDEPOSIT_FAILED",
  "package.edeposited": "PACKAGE_EDEPOSITED",
};

export const EMAIL_NOTIFICATION_MESSAGES = {
  notFound: "Email notification not found",
  created: "Email notification added.",
  saved: "Settings updated successfully",
  deleted: "Email notification deleted.",
  noRecipients: "Pick at least one recipient: the sender, the package's groups or an address",
  noEvents: "Pick at least one event",
  reminderSaved: "Reminder settings saved.",
} as const;

const email = z.email("Enter a valid email address").max(254);

export const emailNotificationSchema = z
  .object({
    uid: z.uuid().describe("The email notification rule's id"),
    organizationId: ID.organizationId,
    name: z.string().describe("The rule's name, for the people who manage it"),
    enabled: z.boolean().describe("The rule sends emails; a disabled rule sends none"),
    events: z.array(z.enum(EMAIL_NOTIFICATION_EVENTS)).describe("The events that send this email"),
    notifySender: z.boolean().describe("Email the member who created the package"),
    notifyPackageGroups: z.boolean().describe("Email every member of the package's groups"),
    addresses: z.array(z.string()).describe("Fixed addresses that are emailed too"),
    version: z.number().int().describe("Send back on update and delete (optimistic locking)"),
    lastUpdatedAt: recordUpdatedAt,
  })
  .meta({ id: "EmailNotification" });
export type EmailNotification = z.infer<typeof emailNotificationSchema>;

export const emailNotificationListSchema = z
  .object({ items: z.array(emailNotificationSchema).describe("Every email notification rule of the organization") })
  .meta({ id: "EmailNotificationList" });
export type EmailNotificationList = z.infer<typeof emailNotificationListSchema>;

const ruleFields = {
  name: z.string().trim().min(1, "Enter a name").max(100).describe("The rule's name (1–100 characters)"),
  enabled: z.boolean().default(true).describe("The rule sends emails (default true)"),
  events: z
    .array(z.enum(EMAIL_NOTIFICATION_EVENTS))
    .min(1, EMAIL_NOTIFICATION_MESSAGES.noEvents)
    .max(EMAIL_NOTIFICATION_EVENTS.length)
    .describe(
      "The events that send this email (at least one): PACKAGE_COMPLETED, PARTICIPANT_DECLINED, CONSENT_WITHDRAWN, PACKAGE_EXPIRED, PACKAGE_CANCELLED, REMINDER_SENT, EDEPOSIT_FAILED, PACKAGE_EDEPOSITED",
    ),
  notifySender: z.boolean().default(false).describe("Email the member who created the package (default false)"),
  notifyPackageGroups: z
    .boolean()
    .default(false)
    .describe("Email every member of the package's groups (default false)"),
  addresses: z
    .array(email)
    .max(20, "At most 20 addresses")
    .default([])
    .describe("Fixed addresses that are emailed too (up to 20); at least one recipient of the three is needed"),
};
const hasRecipient = (v: { notifySender: boolean; notifyPackageGroups: boolean; addresses: string[] }) =>
  v.notifySender || v.notifyPackageGroups || v.addresses.length > 0;

export const createEmailNotificationSchema = z
  .object(ruleFields)
  .refine(hasRecipient, { message: EMAIL_NOTIFICATION_MESSAGES.noRecipients, path: ["addresses"] })
  .meta({ id: "CreateEmailNotification" });
export type CreateEmailNotification = z.input<typeof createEmailNotificationSchema>;

export const updateEmailNotificationSchema = z
  .object({
    ...ruleFields,
    version: z.number().int().min(1).describe("The rule's version last read (optimistic locking)"),
  })
  .refine(hasRecipient, { message: EMAIL_NOTIFICATION_MESSAGES.noRecipients, path: ["addresses"] })
  .meta({ id: "UpdateEmailNotification" });
export type UpdateEmailNotification = z.input<typeof updateEmailNotificationSchema>;

const orgParams = z.object({ orgId: ID.orgId });
const ruleParams = orgParams.extend({ uid: z.uuid().describe("The email notification rule's id") });
const packageParams = orgParams.extend({ packageId: ID.packageId });
const readers = ["VIEW_ADMIN_SETTINGS", "MANAGE_ADMIN_SETTINGS"] as const;
const admins = ["MANAGE_ADMIN_SETTINGS"] as const;
const common = { base: "api", version: 1, auth: "user", tags: ["email-notifications"] } as const;

export const notificationRuleRoutes = {
  listEmailNotifications: define({
    ...common,
    method: "GET",
    path: "/organizations/:orgId/email-notifications",
    permission: readers,
    summary: "The organization's email notification rules: which events email whom",
    params: orgParams,
    response: emailNotificationListSchema,
    status: 200,
  }),
  createEmailNotification: define({
    ...common,
    method: "POST",
    path: "/organizations/:orgId/email-notifications",
    permission: admins,
    summary: "Add an email notification rule",
    params: orgParams,
    body: createEmailNotificationSchema,
    response: emailNotificationSchema,
    status: 201,
  }),
  getEmailNotification: define({
    ...common,
    method: "GET",
    path: "/organizations/:orgId/email-notifications/:uid",
    permission: readers,
    summary: "One email notification rule",
    params: ruleParams,
    response: emailNotificationSchema,
    status: 200,
  }),
  updateEmailNotification: define({
    ...common,
    method: "PUT",
    path: "/organizations/:orgId/email-notifications/:uid",
    permission: admins,
    summary: "Change an email notification rule at its version ('Version not matched' otherwise)",
    params: ruleParams,
    body: updateEmailNotificationSchema,
    response: emailNotificationSchema,
    status: 200,
  }),
  deleteEmailNotification: define({
    ...common,
    method: "DELETE",
    path: "/organizations/:orgId/email-notifications/:uid",
    permission: admins,
    summary: "Delete an email notification rule at its version",
    params: ruleParams,
    query: versionQuerySchema,
    response: null,
    status: 204,
  }),
  getPackageReminderSettings: define({
    ...common,
    // package routes live at the package API version
    version: 9,
    method: "GET",
    path: "/organizations/:orgId/packages/:packageId/reminder-settings",
    permission: ["VIEW_DOCUMENTS_PACKAGES", "MANAGE_DOCUMENTS_PACKAGES"],
    summary: "A package's automatic reminders and expiring-soon notice: its own or the organization's defaults",
    params: packageParams,
    response: packageReminderSettingsSchema,
    status: 200,
  }),
  updatePackageReminderSettings: define({
    ...common,
    // package routes live at the package API version
    version: 9,
    method: "PUT",
    path: "/organizations/:orgId/packages/:packageId/reminder-settings",
    permission: ["MANAGE_DOCUMENTS_PACKAGES"],
    summary:
      "Override the organization's reminder defaults for one package (before it is available; afterwards the later reminders follow the new policy)",
    params: packageParams,
    body: updatePackageReminderSettingsSchema,
    response: packageReminderSettingsSchema,
    status: 200,
  }),
};
