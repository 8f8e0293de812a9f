import { MESSAGES, routes, safeReturnUrl } from "@signet/contract";
import {
  beginOidcSignIn,
  type CoreDeps,
  createIdentityProvider,
  deleteIdentityProvider,
  escapeHtml,
  finishOidcSignIn,
  getIdentityProvider,
  listIdentityProviders,
  listSignInProviders,
  OidcSignInRefused,
  testIdentityProviderConnection,
  updateIdentityProvider,
} from "@signet/core";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { requestOrigin } from "../plugins/authenticate.ts";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";
import { setSessionCookies } from "../plugins/session-cookies.ts";

interface IdentityProviderRouteOptions {
  deps: CoreDeps;
  authenticate: Authenticate;
  csrfKey: Buffer;
  loginRateLimit: { max: number; timeWindow: number };
}

const CALLBACK_COOKIE_PATH = "/api/v1/oidc";

/**
 * The page a refused sign-in lands on: the callback is a top-level navigation from the provider,
 * so it answers a small page in words with a way back, never JSON nor a 500.
 */
function refusalPage(
  reply: FastifyReply,
  status: number,
  message: string,
  organizationId: string | null,
  linkRequestId: string | null = null,
) {
  const back = organizationId ? `/sign-in?org=${encodeURIComponent(organizationId)}` : "/sign-in";
  // an unlinked account may also be linked by signing in with its own password (issue 30 §1)
  const link = linkRequestId
    ? `<p><a href="${escapeHtml(`/link-account?request=${encodeURIComponent(linkRequestId)}`)}">Or sign in with your own password to link your account</a></p>`
    : "";
  return reply
    .code(status)
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign-in did not work · Signet</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1a1b1e;line-height:1.5}a{color:#1864ab}</style></head><body><main><h1>Sign-in did not work</h1><p role="alert">${escapeHtml(message)}</p>${link}<p><a href="${escapeHtml(back)}">Back to sign-in</a></p></main></body></html>`,
    );
}

/** OIDC identity providers: administration, the public list for the sign-in page, and the sign-in itself (issue 12 §2). */
export function registerIdentityProviderRoutes(
  app: FastifyInstance,
  { deps, authenticate, csrfKey, loginRateLimit }: IdentityProviderRouteOptions,
) {
  // the public sign-in routes write a row per start and call the provider per callback: limited
  // per address like password sign-in
  const rateLimit = {
    rateLimit: { ...loginRateLimit, keyGenerator: (request: FastifyRequest) => request.ip },
    rateLimitMessage: MESSAGES.tooManyAttempts,
  };
  const { config } = deps;
  const bindingCookie = config.secureCookies ? "__Secure-signet-oidc" : "signet-oidc";
  const ref = (params: { orgId: string; providerId: string }) => ({
    organizationId: params.orgId,
    providerId: params.providerId,
  });

  defineRoute(app, authenticate, routes.listIdentityProviders, async ({ params, session }) =>
    listIdentityProviders(session.actor, { organizationId: params.orgId }, deps),
  );
  defineRoute(app, authenticate, routes.createIdentityProvider, async ({ params, body, session, setLocation }) => {
    const created = await createIdentityProvider(session.actor, { ...body, organizationId: params.orgId }, deps);
    setLocation(created.id);
    return created;
  });
  defineRoute(app, authenticate, routes.getIdentityProvider, async ({ params, session }) =>
    getIdentityProvider(session.actor, ref(params), deps),
  );
  defineRoute(app, authenticate, routes.updateIdentityProvider, async ({ params, body, session }) =>
    updateIdentityProvider(session.actor, { ...body, ...ref(params) }, deps),
  );
  defineRoute(app, authenticate, routes.deleteIdentityProvider, async ({ params, query, session }) =>
    deleteIdentityProvider(session.actor, { ...ref(params), version: query.version }, deps),
  );
  defineRoute(app, authenticate, routes.testIdentityProvider, async ({ params, session }) =>
    testIdentityProviderConnection(session.actor, ref(params), deps),
  );

  defineRoute(app, authenticate, routes.listSignInProviders, async ({ params }) =>
    listSignInProviders({ organizationId: params.orgId }, deps),
  );

  // Refusals (an unknown, disabled or unverified result) answer a page in words; anything else is
  // the app's usual error answer.
  const fallback = app.errorHandler;
  const signInErrorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof OidcSignInRefused)
      return refusalPage(reply, error.status, error.message, error.organizationId, error.linkRequestId);
    return fallback.call(app, error, request, reply);
  };

  defineRoute(
    app,
    authenticate,
    routes.startOidcSignIn,
    async ({ params, query, request, reply }) => {
      const begun = await beginOidcSignIn(
        { kind: "anonymous", ...requestOrigin(request) },
        { ...ref(params), returnUrl: query.returnUrl },
        deps,
      );
      // Lax, not Strict: the provider sends the browser back with a cross-site navigation
      reply.setCookie(bindingCookie, begun.browserBinding, {
        path: CALLBACK_COOKIE_PATH,
        httpOnly: true,
        sameSite: "lax",
        secure: config.secureCookies,
        maxAge: 600,
      });
      reply.header("cache-control", "no-store").header("location", begun.authorizationUrl);
    },
    { errorHandler: signInErrorHandler, config: rateLimit },
  );

  defineRoute(
    app,
    authenticate,
    routes.oidcCallback,
    async ({ request, reply }) => {
      const search = request.url.includes("?") ? request.url.slice(request.url.indexOf("?") + 1) : "";
      const finished = await finishOidcSignIn(
        { kind: "anonymous", ...requestOrigin(request) },
        { callbackQuery: new URLSearchParams(search), browserBinding: request.cookies[bindingCookie] },
        deps,
      );
      // the binding stays through refusals (a stray callback must not strand the real one) and
      // goes once the sign-in is done
      reply.clearCookie(bindingCookie, { path: CALLBACK_COOKIE_PATH, secure: config.secureCookies });
      if (finished.challenge) {
        // a second factor is due (issue 12 §4): the sign-in page asks for it; the challenge token
        // rides in the fragment, which the browser never sends to a server nor logs
        const challenge = new URLSearchParams({
          mfa_token: finished.challenge.token,
          mfa_methods: finished.challenge.methods.join(" "),
          ...(finished.returnUrl ? { returnUrl: finished.returnUrl } : {}),
        });
        reply.header("cache-control", "no-store").header("location", `/sign-in#${challenge.toString()}`);
        return;
      }
      if (!finished.issued) throw new Error("OIDC sign-in finished without a session or a challenge");
      setSessionCookies(reply, config, csrfKey, finished.issued.token, finished.issued.claims);
      const returnUrl = finished.returnUrl ?? undefined;
      const target = finished.issued.claims.partial
        ? `/select-organization${returnUrl ? `?returnUrl=${encodeURIComponent(returnUrl)}` : ""}`
        : safeReturnUrl(returnUrl);
      reply.header("cache-control", "no-store").header("location", target);
    },
    { errorHandler: signInErrorHandler, config: rateLimit },
  );
}
