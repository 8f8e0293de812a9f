import { HEADERS, MESSAGES, type RouteDef, routeUrl } from "@signet/contract";
import { ApiError } from "./api-error.ts";
import { buildRequest, type RequestInput } from "./build-request.ts";
import { createdIdFromLocation } from "./created-id.ts";
import { type ErrorAction, errorAction } from "./error-action.ts";
import { checked, type InputOf, type OutputOf, type StandardSchema } from "./standard-schema.ts";

// Any Standard Schema: the contract's zod classic ones, or the entry's own (entry-routes.ts).
type Schema = StandardSchema;
type ParamsOf<R> = R extends { params: infer P extends Schema } ? { params: InputOf<P> } : { params?: undefined };
type QueryOf<R> = R extends { query: infer Q extends Schema } ? { query: InputOf<Q> } : { query?: undefined };
type BodyOf<R> = R extends { body: infer B extends Schema } ? { body: InputOf<B> } : { body?: undefined };

/** A contract route, or one of entry-routes.ts: what a call needs to know. */
export type ClientRoute = Pick<RouteDef, "method" | "base" | "version" | "path" | "bodyType"> & {
  params?: Schema;
  query?: Schema;
  body?: Schema;
  response: Schema | null;
};

export interface CallOptions {
  /** Hand every error to the caller instead of navigating to an error page. */
  passThrough?: boolean;
  signal?: AbortSignal;
  /** Counts as user activity for the idle timer (default true). */
  activity?: boolean;
}

export type ApiOptions<R extends ClientRoute> = ParamsOf<R> & QueryOf<R> & BodyOf<R> & CallOptions;
export type ApiResult<R extends ClientRoute> = R["response"] extends Schema ? OutputOf<R["response"]> : undefined;
type OptionsArg<R extends ClientRoute> =
  object extends ApiOptions<R> ? [options?: ApiOptions<R>] : [options: ApiOptions<R>];

/** A route's method and URL path: the same route whichever schemas it was declared with. */
export const routeKey = (route: Pick<RouteDef, "method" | "base" | "version" | "path">) =>
  `${route.method} ${routeUrl(route)}`;

/**
 * Spec §8: these hand their errors to the caller (forms show them inline): the session routes token,
 * multiOrgLogin, logout, changePassword, requestPasswordReset, lookupPasswordReset and createPassword,
 * by key so that the entry need not import the contract's route table (client.test.ts holds the list).
 */
export const PASS_THROUGH_KEYS: ReadonlySet<string> = new Set([
  "POST /cas/oauth/token",
  "POST /cas/multi-org-login",
  "DELETE /api/v1/active-tokens/me",
  "POST /api/v1/users/me/change-password",
  "POST /api/v1/password-reset-requests",
  "GET /api/v1/password-reset-requests/:id",
  "PUT /api/v1/password-reset-requests/:id",
]);

export interface ApiClientHooks {
  csrfToken(): string | null;
  /** any HTTP request is activity for the idle timer */
  onRequest(): void;
  /** after every answer (cookies may have changed) */
  onResponse(): void;
  onErrorAction(action: Extract<ErrorAction, { kind: "navigate" }>, error: ApiError): void;
  onSignInPage(): boolean;
}

let hooks: ApiClientHooks = {
  csrfToken: () => null,
  onRequest: () => {},
  onResponse: () => {},
  onErrorAction: () => {},
  onSignInPage: () => false,
};

export function configureApiClient(next: Partial<ApiClientHooks>): void {
  hooks = { ...hooks, ...next };
}

/** The anti-forgery header for a request made outside `api` (uploads with progress use XMLHttpRequest). */
export function csrfHeader(): Record<string, string> {
  const token = hooks.csrfToken();
  return token ? { [HEADERS.csrf]: token } : {};
}

/** Lets the idle timer and cookie watchers see a request made outside `api`. */
export function noteRequest(phase: "start" | "end"): void {
  if (phase === "start") hooks.onRequest();
  else hooks.onResponse();
}

/** Calls a contract route and answers with the parsed body and the raw response (headers, status). */
export async function apiWithResponse<R extends ClientRoute>(
  route: R,
  ...[options]: OptionsArg<R>
): Promise<{ data: ApiResult<R>; response: Response }> {
  const opts = (options ?? {}) as RequestInput & CallOptions;
  const request = buildRequest(route, opts, hooks.csrfToken());
  if (opts.activity !== false) hooks.onRequest();

  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body ?? null,
      credentials: "same-origin",
      signal: opts.signal ?? null,
    });
  } catch (error) {
    if (opts.signal?.aborted) throw error;
    throw ApiError.network();
  } finally {
    hooks.onResponse();
  }

  const traceId = response.headers.get(HEADERS.traceId);
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const error = ApiError.fromBody(response.status, body, traceId);
    const action = errorAction(response.status, error.code, {
      passThrough: opts.passThrough ?? PASS_THROUGH_KEYS.has(routeKey(route)),
      onSignIn: hooks.onSignInPage(),
    });
    if (action.kind === "navigate") {
      error.handled = true;
      hooks.onErrorAction(action, error);
    }
    throw error;
  }

  if (route.response === null || response.status === 204) {
    return { data: undefined as ApiResult<R>, response };
  }
  const json: unknown = await response.json().catch(() => undefined);
  const parsed = await checked(route.response, json);
  if (!parsed.passed) {
    throw new ApiError({
      status: response.status,
      code: "INVALID_RESPONSE",
      message: MESSAGES.somethingWrong,
      traceId,
    });
  }
  return { data: parsed.value as ApiResult<R>, response };
}

/** Calls a contract route: `api(sessionRoutes.myPermissions, { params: { orgId } })`. */
export async function api<R extends ClientRoute>(route: R, ...options: OptionsArg<R>): Promise<ApiResult<R>> {
  return (await apiWithResponse(route, ...options)).data;
}

/** Calls a create route and answers with the new resource's id (last Location segment; missing → 404). */
export async function apiCreate<R extends ClientRoute>(route: R, ...options: OptionsArg<R>): Promise<string> {
  const { response } = await apiWithResponse(route, ...options);
  return createdIdFromLocation(response.headers.get("location"), response.headers.get(HEADERS.traceId));
}

/**
 * Sends a multipart form to a route that has no contract body (uploads: a consent PDF, a seal
 * certificate) with the same headers, activity tracking and error handling as `api`, and parses the
 * answer with `response` (null: no body expected).
 */
export async function apiMultipart<T extends Schema | null>(
  method: "POST" | "PUT",
  url: string,
  form: FormData,
  response: T,
  options: CallOptions = {},
): Promise<T extends Schema ? OutputOf<T> : undefined> {
  const headers: Record<string, string> = { accept: "application/json", ...csrfHeader() };
  if (options.activity !== false) hooks.onRequest();
  let answer: Response;
  try {
    answer = await fetch(url, {
      method,
      headers,
      body: form,
      credentials: "same-origin",
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw ApiError.network();
  } finally {
    hooks.onResponse();
  }
  const traceId = answer.headers.get(HEADERS.traceId);
  if (!answer.ok) {
    const body: unknown = await answer.json().catch(() => null);
    const error = ApiError.fromBody(answer.status, body, traceId);
    const action = errorAction(answer.status, error.code, {
      passThrough: options.passThrough ?? false,
      onSignIn: hooks.onSignInPage(),
    });
    if (action.kind === "navigate") {
      error.handled = true;
      hooks.onErrorAction(action, error);
    }
    throw error;
  }
  type Result = T extends Schema ? OutputOf<T> : undefined;
  if (response === null || answer.status === 204) return undefined as Result;
  const json: unknown = await answer.json().catch(() => undefined);
  const parsed = await checked(response, json);
  if (!parsed.passed) {
    throw new ApiError({ status: answer.status, code: "INVALID_RESPONSE", message: MESSAGES.somethingWrong, traceId });
  }
  return parsed.value as Result;
}
