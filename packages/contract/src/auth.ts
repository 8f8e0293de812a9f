import { z } from "zod";
import { WEB_CLIENT_ID } from "./constants.ts";
import { ID } from "./ids.ts";
import { MESSAGES } from "./messages.ts";
import { PERMISSION_NAMES } from "./permissions.ts";

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email().max(254));

/** Password policy: length first (NIST 800-63B), plus mixed classes that banks' auditors ask for. */
export const newPasswordSchema = z
  .string()
  .max(256)
  .refine((v) => v.length >= 12 && /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v), {
    message: MESSAGES.passwordPolicy,
  });

export const tokenRequestSchema = z
  .object({
    grant_type: z.literal("password"),
    client_id: z.literal(WEB_CLIENT_ID),
    username: z.string().min(1).max(254),
    password: z.string().min(1).max(256),
  })
  .meta({ id: "TokenRequest" });

/** RFC 6749 §4.4.2; the client may authenticate with HTTP Basic instead of these body fields. */
export const clientCredentialsTokenRequestSchema = z
  .object({
    grant_type: z.literal("client_credentials"),
    client_id: z.string().min(1).max(200).optional(),
    client_secret: z.string().min(1).max(200).optional(),
    scope: z.string().max(200).optional(),
  })
  .meta({ id: "ClientCredentialsTokenRequest" });
export type ClientCredentialsTokenRequest = z.infer<typeof clientCredentialsTokenRequestSchema>;

export const tokenResponseSchema = z
  .object({
    access_token: z.string().optional().describe("The JWT; absent in cookie-style answers"),
    token_type: z
      .enum(["bearer", "cookie", "mfa_challenge"])
      .describe("mfa_challenge: the password was right, a second factor is due (no session yet)"),
    expires_in: z.number().int().describe("Seconds until the token expires"),
    partial: z.boolean().describe("True when the user must still pick an organization"),
    scope: z.string().optional().describe("Client-credentials answers: the granted scope"),
    mfa_token: z
      .string()
      .optional()
      .describe("token_type mfa_challenge: post it with a code to /cas/mfa-challenge within expires_in seconds"),
    mfa_methods: z
      .array(z.enum(["totp", "sms", "recovery_code"]))
      .optional()
      .describe("token_type mfa_challenge: the ways the user can answer"),
  })
  .meta({ id: "TokenResponse" });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const multiOrgLoginSchema = z.object({ organizationId: ID.organizationId }).meta({ id: "MultiOrgLogin" });

export const userOrganizationSchema = z.object({
  id: z.uuid().describe("The organization's id"),
  name: z.string(),
  enabled: z.boolean().describe("False when the user's membership or the organization is disabled"),
  home: z.boolean(),
});
export const userOrganizationsSchema = z.array(userOrganizationSchema);

export const activeTokenSchema = z.object({
  expiresAt: z.string().describe("Absolute expiry of the token"),
  idleExpiresAt: z.string().describe("When the session ends without further activity"),
  idleTimeoutSeconds: z.number().int(),
});

export const organizationFeaturesSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  eoSupport: z.boolean(),
  embeddedSrEnabled: z.boolean(),
  enabledTrid: z.boolean(),
  enabledAV: z.boolean(),
  enabledSmartDoc: z.boolean(),
  enabledClosingCenter: z.boolean(),
  enabledPkgCollaboration: z.boolean(),
  enabledMultiLangSRSupport: z.boolean(),
});

export const permissionsResponseSchema = z
  .object({
    organizationId: ID.organizationId,
    permissions: z.number().int().describe("Effective permission bits in this organization"),
    names: z.array(z.enum(PERMISSION_NAMES as [string, ...string[]])),
    groups: z
      .array(
        z.object({
          groupId: ID.groupId,
          name: z.string(),
          permissions: z.number().int(),
          inherited: z.boolean().describe("Granted in an ancestor group"),
        }),
      )
      .describe("Permission bits per group, including those inherited from ancestor groups"),
    organization: organizationFeaturesSchema,
    // kinds as in closing-centers.ts (not imported: that module builds on this one)
    closingCenter: z
      .object({ id: z.uuid(), name: z.string(), kind: z.enum(["SETTLEMENT_AGENT", "TITLE_AGENT"]) })
      .nullable()
      .describe(
        "Set when the caller is a closing-center user here: they see only the packages shared with this closing center",
      ),
  })
  .meta({ id: "Permissions" });
export type PermissionsResponse = z.infer<typeof permissionsResponseSchema>;

export const changePasswordSchema = z
  .object({ currentPassword: z.string().min(1).max(256), newPassword: newPasswordSchema })
  .meta({ id: "ChangePassword" });

export const passwordResetRequestSchema = z.object({ email: emailSchema }).meta({ id: "PasswordResetRequest" });

export const passwordResetLookupQuerySchema = z.object({ token: z.string().min(16).max(200) });
export const passwordResetLookupSchema = z.object({ email: z.string(), expiresAt: z.string() });

export const createPasswordSchema = z
  .object({ token: z.string().min(16).max(200), password: newPasswordSchema })
  .meta({ id: "CreatePassword" });

export const publicConfigSchema = z
  .object({
    supportPhone: z.string(),
    supportEmail: z.string(),
    privacyUrl: z.string(),
    documentationUrl: z.string(),
    idleTimeoutSeconds: z.number().int(),
    countdownSeconds: z.number().int(),
    payloadCookie: z.string().describe("Name of the readable login cookie"),
    csrfCookie: z.string(),
    devMailbox: z.boolean().describe("True when mail is kept in the dev mailbox instead of sent"),
    signingRoomUrl: z.string(),
    maxUploadBytes: z.number().int().describe("Largest document upload accepted (MAX_UPLOAD_BYTES)"),
  })
  .meta({ id: "PublicConfig" });
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const buildInfoSchema = z.object({
  version: z.string(),
  commit: z.string(),
  builtAt: z.string(),
  node: z.string(),
  startedAt: z.string(),
});

export const mailboxMessageSchema = z.object({
  id: z.uuid().describe("The message's id"),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string().describe("When the record was created (ISO 8601 time)"),
});
export const mailboxSchema = z.array(mailboxMessageSchema);
