import * as z from "zod/mini";

// Search params are validated with zod/mini schemas (the route tree is in the entry chunk, and zod's
// classic API would bring its whole method surface there; the router takes any Standard Schema).

/** A search param that is dropped, not a failed route, when malformed (stale or hand-edited URLs). */
export const lenient = <T extends z.core.SomeType>(schema: T) => z.catch(z.optional(schema), undefined);

/** ?page=: a positive integer from the URL's text. */
export const pageNumber = () => z.coerce.number().check(z.int(), z.minimum(1));

export const sortDirection = () => z.enum(["asc", "desc"]);

export const returnUrlSearch = z.object({
  returnUrl: lenient(z.string().check(z.maxLength(2048))),
});

export const traceIdSearch = z.object({
  traceId: lenient(z.string().check(z.maxLength(200))),
});

export const passwordResetLinkSearch = z.object({
  request: lenient(z.string().check(z.maxLength(100))),
  token: lenient(z.string().check(z.maxLength(200))),
});

/** The sign-up link: /sign-up?invitation={id}&token={secret}. */
export const signUpSearch = z.object({
  invitation: lenient(z.string().check(z.maxLength(100))),
  token: lenient(z.string().check(z.maxLength(200))),
});
