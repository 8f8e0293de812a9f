import { z } from "zod";
import { WEB_CLIENT_ID } from "./constants.ts";
import { ID } from "./ids.ts";
import { MESSAGES } from "./messages.ts";
import { PERMISSION_NAMES } from "./permissions.ts";
import { recordCreatedAt } from "./record-fields.ts";

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email().max(254));

/** Password policy: length first (NIST 800-63B), plus mixed classes that banks' auditors ask for. */
export const newPasswordSchema = z
  .string()
  .max(256)
  .refine((v) => v.length >= 12 && /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v), {
    message: MESSAGES.passwordPolicy,
  })
  .describe(
    "The new password: at least 12 characters (at most 256) with a lower-case letter, an upper-case letter and a digit",
  );

export const tokenRequestSchema = z
  .object({
    grant_type: z.literal("password").describe("Always password (OAuth 2.0 resource owner password grant)"),
    client_id: z.literal(WEB_CLIENT_ID).describe("The web app's client id"),
    username: z.string().min(1).max(254).describe("The user's email address"),
    password: z.string().min(1).max(256).describe("The user's password"),
  })
  .meta({ id: "TokenRequest" });

/** RFC 6749 §4.4.2; the client may authenticate with HTTP Basic instead of these body fields. */
export const clientCredentialsTokenRequestSchema = z
  .object({
    grant_type: z.literal("client_credentials").describe("Always client_credentials"),
    client_id: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe("The API client's client_id; leave out when authenticating with HTTP Basic"),
    client_secret: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe("One of the client's secrets; leave out when authenticating with HTTP Basic"),
    scope: z
      .string()
      .max(200)
      .optional()
      .describe("Space-separated scopes asked for; leave out for all the client may have"),
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
  name: z.string().describe("The organization's name"),
  enabled: z.boolean().describe("False when the user's membership or the organization is disabled"),
  home: z.boolean().describe("The user's home organization (where their account was created)"),
});
export const userOrganizationsSchema = z.array(userOrganizationSchema);

export const activeTokenSchema = z.object({
  expiresAt: z.string().describe("Absolute expiry of the token"),
  idleExpiresAt: z.string().describe("When the session ends without further activity"),
  idleTimeoutSeconds: z.number().int().describe("Seconds without activity after which the session ends"),
});

export const organizationFeaturesSchema = z
  .object({
    id: ID.organizationId,
    name: z.string().describe("The organization's name"),
    eoSupport: z.boolean().describe("The support organization: its members are the installation's support users"),
    embeddedSrEnabled: z.boolean().describe("The signing room may be embedded in the organization's own pages"),
    enabledTrid: z.boolean().describe("TRID fields and dates are on for packages"),
    enabledAV: z.boolean().describe("A/V eSign (live audio-video signing sessions) is on"),
    enabledSmartDoc: z.boolean().describe("SMART Doc eNotes may be added to packages"),
    enabledClosingCenter: z.boolean().describe("Packages may be shared with closing centers"),
    enabledPkgCollaboration: z.boolean().describe("Package collaboration links are on"),
    enabledMultiLangSRSupport: z.boolean().describe("The signing room offers Spanish as well as English"),
  })
  .describe("The organization's feature switches");

export const permissionsResponseSchema = z
  .object({
    organizationId: ID.organizationId,
    permissions: z.number().int().describe("Effective permission bits in this organization"),
    names: z
      .array(z.enum(PERMISSION_NAMES as [string, ...string[]]))
      .describe("The effective permissions by name, e.g. VIEW_DOCUMENTS_PACKAGES"),
    groups: z
      .array(
        z.object({
          groupId: ID.groupId,
          name: z.string().describe("The group's name"),
          permissions: z.number().int().describe("Permission bits the caller holds in this group"),
          inherited: z.boolean().describe("Granted in an ancestor group"),
        }),
      )
      .describe("Permission bits per group, including those inherited from ancestor groups"),
    organization: organizationFeaturesSchema,
    // kinds as in closing-centers.ts (not imported: that module builds on this one)
    closingCenter: z
      .object({
        id: ID.closingCenterId,
        name: z.string().describe("The closing center's name"),
        kind: z.enum(["SETTLEMENT_AGENT", "TITLE_AGENT"]).describe("SETTLEMENT_AGENT or TITLE_AGENT"),
      })
      .nullable()
      .describe(
        "Set when the caller is a closing-center user here: they see only the packages shared with this closing center",
      ),
  })
  .meta({ id: "Permissions" });
export type PermissionsResponse = z.infer<typeof permissionsResponseSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1).max(256).describe("The user's password now"),
    newPassword: newPasswordSchema,
  })
  .meta({ id: "ChangePassword" });

export const passwordResetRequestSchema = z
  .object({ email: emailSchema.describe("The account's email address: a reset link goes there if the account exists") })
  .meta({ id: "PasswordResetRequest" });

const resetToken = z.string().min(16).max(200).describe("The token from the password reset or account email link");
export const passwordResetLookupQuerySchema = z.object({ token: resetToken });
export const passwordResetLookupSchema = z.object({
  email: z.string().describe("The account's email address"),
  expiresAt: z.string().describe("When the link stops working (ISO 8601 time)"),
});

export const createPasswordSchema = z
  .object({ token: resetToken, password: newPasswordSchema })
  .meta({ id: "CreatePassword" });

export const publicConfigSchema = z
  .object({
    supportPhone: z.string().describe("The installation's support phone number, shown to users"),
    supportEmail: z.string().describe("The installation's support email address, shown to users"),
    privacyUrl: z.string().describe("Link to the privacy notice"),
    documentationUrl: z.string().describe("Link to the user documentation"),
    idleTimeoutSeconds: z.number().int().describe("Seconds without activity after which a session ends"),
    countdownSeconds: z.number().int().describe("Seconds before that end when the web app warns and counts down"),
    payloadCookie: z.string().describe("Name of the readable login cookie"),
    csrfCookie: z.string().describe("Name of the cookie whose value goes in the anti-forgery header on writes"),
    devMailbox: z.boolean().describe("True when mail is kept in the dev mailbox instead of sent"),
    signingRoomUrl: z.string().describe("The signing origin's base URL (where participants sign)"),
    maxUploadBytes: z.number().int().describe("Largest document upload accepted (MAX_UPLOAD_BYTES)"),
  })
  .meta({ id: "PublicConfig" });
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const buildInfoSchema = z.object({
  version: z.string().describe("Signet's version"),
  commit: z.string().describe("The git commit the build was made from"),
  builtAt: z.string().describe("When the build was made (ISO 8601 time)"),
  node: z.string().describe("The Node.js version running the API"),
  startedAt: z.string().describe("When this API process started (ISO 8601 time)"),
});

export const mailboxMessageSchema = z.object({
  id: z.uuid().describe("The message's id"),
  to: z.string().describe("The recipient's address"),
  from: z.string().describe("The From header"),
  subject: z.string().describe("The subject"),
  text: z.string().describe("The text part"),
  html: z.string().describe("The HTML part"),
  createdAt: recordCreatedAt,
});
export const mailboxSchema = z.array(mailboxMessageSchema);
