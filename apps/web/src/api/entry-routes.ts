import { readJson as read } from "@signet/contract";
import type { activeTokenSchema, tokenRequestSchema, tokenResponseSchema } from "./session-schemas.ts";
import { handChecked, loadedOnUse } from "./standard-schema.ts";

// The contract's routes that the entry chunk calls (start-up, sign-in, the session timer, sign-out),
// with no zod in the first download (issue 17): the contract's are zod classic, whose method-rich
// schemas would bring all of classic zod, and even zod/mini was ~16 KB gzip. What start-up reads is
// checked by hand; the session routes' zod/mini schemas load with their first call. entry-routes.test.ts
// holds each one equal to its contract route: same method and path, same accept/reject and output.

const readPublicConfig = read.object({
  supportPhone: read.string,
  supportEmail: read.string,
  privacyUrl: read.string,
  documentationUrl: read.string,
  idleTimeoutSeconds: read.int,
  countdownSeconds: read.int,
  payloadCookie: read.string,
  csrfCookie: read.string,
  devMailbox: read.boolean,
  signingRoomUrl: read.string,
  maxUploadBytes: read.int,
});

export const publicConfigSchema = handChecked((value) => {
  const config = readPublicConfig(value);
  return config.ok ? config.value : undefined;
});

const sessionSchemas = () => import("./session-schemas.ts");

export const entryRoutes = {
  publicConfig: { method: "GET", base: "api", version: 1, path: "/public-config", response: publicConfigSchema },
  token: {
    method: "POST",
    base: "cas",
    path: "/oauth/token",
    body: loadedOnUse<typeof tokenRequestSchema>(async () => (await sessionSchemas()).tokenRequestSchema),
    bodyType: "form",
    response: loadedOnUse<typeof tokenResponseSchema>(async () => (await sessionSchemas()).tokenResponseSchema),
  },
  keepAlive: {
    method: "PUT",
    base: "api",
    version: 1,
    path: "/active-tokens/me",
    response: loadedOnUse<typeof activeTokenSchema>(async () => (await sessionSchemas()).activeTokenSchema),
  },
  logout: { method: "DELETE", base: "api", version: 1, path: "/active-tokens/me", response: null },
} as const;
