import { z } from "zod";

// Search params are validated with zod 4 schemas directly (zod 4 implements Standard Schema, which the
// router accepts); .catch() drops a malformed value instead of failing the route.
export const returnUrlSearch = z.object({
  returnUrl: z.string().max(2048).optional().catch(undefined),
});

export const traceIdSearch = z.object({
  traceId: z.string().max(200).optional().catch(undefined),
});

export const passwordResetLinkSearch = z.object({
  request: z.string().max(100).optional().catch(undefined),
  token: z.string().max(200).optional().catch(undefined),
});

/** The sign-up link: /sign-up?invitation={id}&token={secret}. */
export const signUpSearch = z.object({
  invitation: z.string().max(100).optional().catch(undefined),
  token: z.string().max(200).optional().catch(undefined),
});
