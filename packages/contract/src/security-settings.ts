import { z } from "zod";
import { ID } from "./ids.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";

// Organization security settings (issue 12 §4), stored as text under their keys in
// OrganizationSetting like the package settings (settings.ts).

export const SECURITY_SETTING_MESSAGES = {
  updated: "Settings updated successfully",
} as const;

export const securitySettingFields = {
  /** "Require a second factor": members without one are taken to enrolment before anything else */
  mfa_required: z.boolean().describe("Members must enrol a second factor (authenticator app or SMS) to use Signet"),
};

export const securitySettingsSchema = z.object(securitySettingFields).meta({ id: "SecuritySettings" });
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;
export type SecuritySettingKey = keyof SecuritySettings;
export const SECURITY_SETTING_KEYS = Object.keys(securitySettingFields) as SecuritySettingKey[];

export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = { mfa_required: false };

export const updateSecuritySettingsSchema = securitySettingsSchema
  .partial()
  .strict()
  .meta({ id: "UpdateSecuritySettings" });
export type UpdateSecuritySettings = z.infer<typeof updateSecuritySettingsSchema>;

/** Stored rows to typed settings; a missing or unreadable row gives the default. */
export function securitySettingsFromRows(rows: readonly { key: string; value: string }[]): SecuritySettings {
  const settings: SecuritySettings = { ...DEFAULT_SECURITY_SETTINGS };
  for (const { key, value } of rows) {
    if (key === "mfa_required" && (value === "true" || value === "false")) settings.mfa_required = value === "true";
  }
  return settings;
}

const params = z.object({ orgId: ID.orgId });
const base = { base: "api", version: 1, auth: "user", tags: ["settings"], params } as const;

export const securitySettingRoutes = {
  getSecuritySettings: define({
    ...base,
    method: "GET",
    path: "/organizations/:orgId/settings/security",
    permission: ["VIEW_ADMIN_SETTINGS"],
    summary: "The organization's security settings (whether members must use a second factor)",
    response: securitySettingsSchema,
    status: 200,
  }),
  updateSecuritySettings: define({
    ...base,
    method: "PATCH",
    path: "/organizations/:orgId/settings/security",
    permission: ["MANAGE_ADMIN_SETTINGS"],
    summary: "Change the organization's security settings",
    body: updateSecuritySettingsSchema,
    response: securitySettingsSchema,
    status: 200,
  }),
} as const satisfies Record<string, RouteDef>;
