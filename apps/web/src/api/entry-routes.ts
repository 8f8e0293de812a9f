import { WEB_CLIENT_ID } from "@signet/contract";
import * as z from "zod/mini";

// The contract's routes that the entry chunk calls (start-up, sign-in, the session timer, sign-out),
// with their schemas written in zod/mini: the contract's are zod classic, whose method-rich schemas
// would put all of classic zod into the first download (issue 17). entry-routes.test.ts holds each
// one equal to its contract route: same method and path, same accept/reject and output on its cases.

export const publicConfigSchema = z.object({
  supportPhone: z.string(),
  supportEmail: z.string(),
  privacyUrl: z.string(),
  documentationUrl: z.string(),
  idleTimeoutSeconds: z.int(),
  countdownSeconds: z.int(),
  payloadCookie: z.string(),
  csrfCookie: z.string(),
  devMailbox: z.boolean(),
  signingRoomUrl: z.string(),
  maxUploadBytes: z.int(),
});

// zod/mini loads no locale: the limits carry the English texts classic zod would give (the form shows them).
const lengthChecks = (max: number) => [
  z.minLength(1, "Too small: expected string to have >=1 characters"),
  z.maxLength(max, `Too big: expected string to have <=${max} characters`),
];

export const tokenRequestSchema = z.object({
  grant_type: z.literal("password"),
  client_id: z.literal(WEB_CLIENT_ID),
  username: z.string().check(...lengthChecks(254)),
  password: z.string().check(...lengthChecks(256)),
});

export const tokenResponseSchema = z.object({
  access_token: z.optional(z.string()),
  token_type: z.enum(["bearer", "cookie", "mfa_challenge"]),
  expires_in: z.int(),
  partial: z.boolean(),
  scope: z.optional(z.string()),
  mfa_token: z.optional(z.string()),
  mfa_methods: z.optional(z.array(z.enum(["totp", "sms", "recovery_code"]))),
});

export const activeTokenSchema = z.object({
  expiresAt: z.string(),
  idleExpiresAt: z.string(),
  idleTimeoutSeconds: z.int(),
});

/** The contract's error body (every non-2xx answer), read by ApiError. */
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  status: z.int(),
  traceId: z.string(),
  details: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
});

export const entryRoutes = {
  publicConfig: { method: "GET", base: "api", version: 1, path: "/public-config", response: publicConfigSchema },
  token: {
    method: "POST",
    base: "cas",
    path: "/oauth/token",
    body: tokenRequestSchema,
    bodyType: "form",
    response: tokenResponseSchema,
  },
  keepAlive: { method: "PUT", base: "api", version: 1, path: "/active-tokens/me", response: activeTokenSchema },
  logout: { method: "DELETE", base: "api", version: 1, path: "/active-tokens/me", response: null },
} as const;
