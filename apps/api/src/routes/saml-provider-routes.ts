import { createHash } from "node:crypto";
import { errorBodySchema, MESSAGES, routes, routeUrl, safeReturnUrl } from "@signet/contract";
import {
  beginSamlSignIn,
  type CoreDeps,
  createSamlProvider,
  deleteSamlProvider,
  escapeHtml,
  finishSamlSignIn,
  getSamlProvider,
  getSamlServiceProvider,
  importSamlMetadata,
  listSamlProviders,
  listSamlSignInProviders,
  SamlSignInRefused,
  updateSamlProvider,
} from "@signet/core";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { requestOrigin } from "../plugins/authenticate.ts";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";
import { setSessionCookies } from "../plugins/session-cookies.ts";

interface SamlProviderRouteOptions {
  deps: CoreDeps;
  authenticate: Authenticate;
  csrfKey: Buffer;
  loginRateLimit: { max: number; timeWindow: number };
}

const BINDING_COOKIE_PATH = "/api/v1/saml";

/**
 * The page a refused sign-in lands on: the response arrives by a top-level form post from the
 * identity provider, so it answers a small page in words with a way back, never JSON nor a 500.
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

/** Submits the AuthnRequest form as soon as the page loads (allowed by its hash, nothing else runs). */
const AUTO_POST_SCRIPT = 'document.getElementById("saml-request").submit();';
const AUTO_POST_HASH = createHash("sha256").update(AUTO_POST_SCRIPT).digest("base64");

/**
 * HTTP-POST binding: a page whose form carries the AuthnRequest and RelayState to the identity
 * provider. Its own policy lets exactly this script run and this form go to that one origin; the
 * button is there for a browser without scripts.
 */
function sendPostBindingPage(reply: FastifyReply, url: string, fields: Record<string, string>) {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  return reply
    .code(200)
    .type("text/html; charset=utf-8")
    .header(
      "content-security-policy",
      `default-src 'none'; script-src 'sha256-${AUTO_POST_HASH}'; style-src 'unsafe-inline'; form-action ${new URL(url).origin}; frame-ancestors 'none'; base-uri 'none'`,
    )
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Signing in · Signet</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1a1b1e;line-height:1.5}</style></head><body><main><h1>Signing in</h1><form id="saml-request" method="post" action="${escapeHtml(url)}">${inputs}<p>Taking you to your identity provider…</p><button type="submit">Continue</button></form></main><script>${AUTO_POST_SCRIPT}</script></body></html>`,
    );
}

/** SAML identity providers: support-only administration, the public list for the sign-in page, and the sign-in (issue 12 §3). */
export function registerSamlProviderRoutes(
  app: FastifyInstance,
  { deps, authenticate, csrfKey, loginRateLimit }: SamlProviderRouteOptions,
) {
  const rateLimit = {
    rateLimit: { ...loginRateLimit, keyGenerator: (request: FastifyRequest) => request.ip },
    rateLimitMessage: MESSAGES.tooManyAttempts,
  };
  const { config } = deps;
  const bindingCookie = config.secureCookies ? "__Secure-signet-saml" : "signet-saml";
  // The identity provider posts the response back cross-site: a Lax cookie is not sent with a
  // cross-site POST, so over https the binding cookie is SameSite=None (Secure). Plain http is for
  // this machine only (tests, local development), where the provider is same-site anyway.
  const bindingSameSite = config.secureCookies ? ("none" as const) : ("lax" as const);

  defineRoute(app, authenticate, routes.listSamlProviders, async ({ session }) =>
    listSamlProviders(session.actor, deps),
  );
  defineRoute(app, authenticate, routes.createSamlProvider, async ({ body, session, setLocation }) => {
    const created = await createSamlProvider(session.actor, body, deps);
    setLocation(created.id);
    return created;
  });
  defineRoute(app, authenticate, routes.getSamlProvider, async ({ params, session }) =>
    getSamlProvider(session.actor, params, deps),
  );
  defineRoute(app, authenticate, routes.updateSamlProvider, async ({ params, body, session }) =>
    updateSamlProvider(session.actor, { ...body, ...params }, deps),
  );
  defineRoute(app, authenticate, routes.deleteSamlProvider, async ({ params, query, session }) =>
    deleteSamlProvider(session.actor, { ...params, version: query.version }, deps),
  );
  defineRoute(app, authenticate, routes.importSamlMetadata, async ({ body, session }) =>
    importSamlMetadata(session.actor, body, deps),
  );
  defineRoute(app, authenticate, routes.getSamlServiceProvider, async ({ session }) =>
    getSamlServiceProvider(session.actor, deps),
  );
  defineRoute(app, authenticate, routes.listSamlSignInProviders, async ({ params }) =>
    listSamlSignInProviders({ organizationId: params.orgId }, deps),
  );

  const fallback = app.errorHandler;
  const signInErrorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof SamlSignInRefused) {
      return refusalPage(reply, error.status, error.message, error.organizationId, error.linkRequestId);
    }
    return fallback.call(app, error, request, reply);
  };

  // Served by hand, not through defineRoute: with the HTTP-POST binding the answer is a page (200)
  // that posts the AuthnRequest on, with the HTTP-Redirect binding a redirect (302); the OpenAPI
  // operation still comes from the table entry.
  const start = routes.startSamlSignIn;
  app.route({
    method: start.method,
    url: routeUrl(start),
    schema: {
      params: start.params,
      querystring: start.query,
      response: { "4xx": errorBodySchema, "5xx": errorBodySchema },
    },
    errorHandler: signInErrorHandler,
    config: rateLimit,
    handler: async (request, reply) => {
      const params = start.params.parse(request.params);
      const query = start.query.parse(request.query);
      const begun = await beginSamlSignIn(
        { kind: "anonymous", ...requestOrigin(request) },
        { organizationId: params.orgId, samlProviderId: params.samlProviderId, returnUrl: query.returnUrl },
        deps,
      );
      reply.setCookie(bindingCookie, begun.browserBinding, {
        path: BINDING_COOKIE_PATH,
        httpOnly: true,
        sameSite: bindingSameSite,
        secure: config.secureCookies,
        maxAge: 600,
      });
      reply.header("cache-control", "no-store");
      if (begun.send.binding === "redirect") return reply.code(start.status).header("location", begun.send.url).send();
      return sendPostBindingPage(reply, begun.send.url, begun.send.fields);
    },
  });

  defineRoute(
    app,
    authenticate,
    routes.samlAcs,
    async ({ body, request, reply }) => {
      const finished = await finishSamlSignIn(
        { kind: "anonymous", ...requestOrigin(request) },
        {
          samlResponse: body.SAMLResponse,
          relayState: body.RelayState,
          browserBinding: request.cookies[bindingCookie],
        },
        deps,
      );
      reply.clearCookie(bindingCookie, { path: BINDING_COOKIE_PATH, secure: config.secureCookies });
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
      if (!finished.issued) throw new Error("SAML sign-in finished without a session or a challenge");
      setSessionCookies(reply, config, csrfKey, finished.issued.token, finished.issued.claims);
      reply.header("cache-control", "no-store").header("location", safeReturnUrl(finished.returnUrl ?? undefined));
    },
    { errorHandler: signInErrorHandler, config: rateLimit },
  );
}
