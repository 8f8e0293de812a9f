import { HEADERS, type RouteDef } from "@signet/contract";
import type { z } from "zod";
import { ApiError, CLIENT_ERROR_CODES } from "./api-error.ts";
import { buildRequest, writeHeaders } from "./request.ts";

// A small typed client over the contract's signing-room routes: same-origin fetch (the session is an
// HttpOnly cookie of the signing origin), the write header, answers parsed with the route's schema.

type ParamsOf<R> = R extends { params: infer P extends z.ZodType }
  ? string extends keyof z.input<P>
    ? { params?: undefined }
    : { params: z.input<P> }
  : { params?: undefined };
type BodyOf<R> = R extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : { body?: undefined };

export type CallOptions<R extends RouteDef> = ParamsOf<R> & BodyOf<R> & { signal?: AbortSignal };
export type CallResult<R extends RouteDef> = R["response"] extends z.ZodType ? z.output<R["response"]> : undefined;
type OptionsArg<R extends RouteDef> =
  object extends CallOptions<R> ? [options?: CallOptions<R>] : [options: CallOptions<R>];

async function send(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw ApiError.network();
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw ApiError.fromBody(response.status, body, response.headers.get(HEADERS.traceId));
  }
  return response;
}

async function parse<T>(response: Response, schema: z.ZodType<T> | null): Promise<T> {
  if (schema === null || response.status === 204) return undefined as T;
  const json: unknown = await response.json().catch(() => undefined);
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    console.error("The signing API answered outside its contract", response.url, parsed.error.issues);
    throw new ApiError({ status: response.status, code: CLIENT_ERROR_CODES.invalidResponse, message: "" });
  }
  return parsed.data;
}

/** Calls a signing-room route: `call(signingRoomRoutes.fillTag, { params: { tagId }, body: { value } })`. */
export async function call<R extends RouteDef>(route: R, ...[options]: OptionsArg<R>): Promise<CallResult<R>> {
  const opts = (options ?? {}) as { params?: Record<string, string>; body?: unknown; signal?: AbortSignal };
  const { url, init } = buildRequest(route, opts);
  const response = await send(url, { ...init, signal: opts.signal ?? null });
  return parse(response, route.response as z.ZodType<CallResult<R>> | null);
}

/** GETs a JSON route outside the contract's route table (e.g. the collaboration view). */
export async function getJson<T>(url: string, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
  const response = await send(url, {
    method: "GET",
    headers: { accept: "application/json" },
    credentials: "same-origin",
    signal: signal ?? null,
  });
  return parse(response, schema);
}

/** POSTs one file as the multipart part "file" (signer uploads, seal verification). */
export async function postFile<T>(url: string, file: File, schema: z.ZodType<T>): Promise<T> {
  const form = new FormData();
  form.append("file", file, file.name);
  const response = await send(url, {
    method: "POST",
    headers: { accept: "application/json", ...writeHeaders("POST") },
    body: form,
    credentials: "same-origin",
  });
  return parse(response, schema);
}
