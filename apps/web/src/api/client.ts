import { HEADERS, MESSAGES, type RouteDef, sessionRoutes } from "@signet/contract";
import type { z } from "zod";
import { ApiError } from "./api-error.ts";
import { buildRequest, type RequestInput } from "./build-request.ts";
import { createdIdFromLocation } from "./created-id.ts";
import { type ErrorAction, errorAction } from "./error-action.ts";

type ParamsOf<R> = R extends { params: infer P extends z.ZodType } ? { params: z.input<P> } : { params?: undefined };
type QueryOf<R> = R extends { query: infer Q extends z.ZodType } ? { query: z.input<Q> } : { query?: undefined };
type BodyOf<R> = R extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : { body?: undefined };

export interface CallOptions {
  /** Hand every error to the caller instead of navigating to an error page. */
  passThrough?: boolean;
  signal?: AbortSignal;
  /** Counts as user activity for the idle timer (default true). */
  activity?: boolean;
}

export type ApiOptions<R extends RouteDef> = ParamsOf<R> & QueryOf<R> & BodyOf<R> & CallOptions;
export type ApiResult<R extends RouteDef> = R["response"] extends z.ZodType ? z.output<R["response"]> : undefined;
type OptionsArg<R extends RouteDef> =
  object extends ApiOptions<R> ? [options?: ApiOptions<R>] : [options: ApiOptions<R>];

/** Spec §8: these hand their errors to the caller (forms show them inline). */
const PASS_THROUGH = new Set<RouteDef>([
  sessionRoutes.token,
  sessionRoutes.multiOrgLogin,
  sessionRoutes.logout,
  sessionRoutes.changePassword,
  sessionRoutes.requestPasswordReset,
  sessionRoutes.lookupPasswordReset,
  sessionRoutes.createPassword,
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
export async function apiWithResponse<R extends RouteDef>(
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
      passThrough: opts.passThrough ?? PASS_THROUGH.has(route),
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
  const parsed = route.response.safeParse(json);
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      code: "INVALID_RESPONSE",
      message: MESSAGES.somethingWrong,
      traceId,
    });
  }
  return { data: parsed.data as ApiResult<R>, response };
}

/** Calls a contract route: `api(sessionRoutes.myPermissions, { params: { orgId } })`. */
export async function api<R extends RouteDef>(route: R, ...options: OptionsArg<R>): Promise<ApiResult<R>> {
  return (await apiWithResponse(route, ...options)).data;
}

/** Calls a create route and answers with the new resource's id (last Location segment; missing → 404). */
export async function apiCreate<R extends RouteDef>(route: R, ...options: OptionsArg<R>): Promise<string> {
  const { response } = await apiWithResponse(route, ...options);
  return createdIdFromLocation(response.headers.get("location"), response.headers.get(HEADERS.traceId));
}

/**
 * Sends a multipart form to a route that has no contract body (uploads: a consent PDF, a seal
 * certificate) with the same headers, activity tracking and error handling as `api`, and parses the
 * answer with `response` (null: no body expected).
 */
export async function apiMultipart<T extends z.ZodType | null>(
  method: "POST" | "PUT",
  url: string,
  form: FormData,
  response: T,
  options: CallOptions = {},
): Promise<T extends z.ZodType ? z.output<T> : undefined> {
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
  type Result = T extends z.ZodType ? z.output<T> : undefined;
  if (response === null || answer.status === 204) return undefined as Result;
  const json: unknown = await answer.json().catch(() => undefined);
  const parsed = response.safeParse(json);
  if (!parsed.success) {
    throw new ApiError({ status: answer.status, code: "INVALID_RESPONSE", message: MESSAGES.somethingWrong, traceId });
  }
  return parsed.data as Result;
}
