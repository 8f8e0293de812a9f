import { WEB_CLIENT_ID } from "@signet/contract";
import * as z from "zod/mini";

// The session routes' schemas in zod/mini, loaded with the first call that needs one (sign-in, the
// session timer): entry-routes.ts refers to them without importing zod into the first download
// (issue 17). entry-routes.test.ts holds each equal to its contract route's.

// zod/mini loads no locale: the limits carry the English texts classic zod would give.
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
