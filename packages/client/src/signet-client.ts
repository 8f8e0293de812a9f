import {
  DEFAULT_API_VERSION,
  encodeRequestBody,
  HEADERS,
  IDEMPOTENCY_KEY_HEADER,
  type RouteDef,
  routeRequestPath,
  routes,
  routeUrl,
} from "@signet/contract";
import type { z } from "zod";
import {
  IDEMPOTENT_METHODS,
  parseRetryAfter,
  RETRYABLE_STATUSES,
  RETRYABLE_WHEN_REPEATABLE,
  retryDelay,
} from "./retry-policy.ts";
import { errorFromBody, SignetApiError } from "./signet-api-error.ts";

type ParamsOf<R> = R extends { params: infer P extends z.ZodType } ? { params: z.input<P> } : { params?: undefined };
type QueryOf<R> = R extends { query: infer Q extends z.ZodType }
  ? object extends z.input<Q>
    ? { query?: z.input<Q> }
    : { query: z.input<Q> }
  : { query?: undefined };
type BodyOf<R> = R extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : { body?: undefined };

export interface RequestOptions {
  signal?: AbortSignal;
  /**
   * Sent as the Idempotency-Key header of a POST (one is made up per call when absent), the same on
   * every retry of that call. Pass your own to tie a create to your record (e.g. your loan number).
   */
  idempotencyKey?: string;
}

/** What a call of route R takes: its path params, query and body, typed from the contract's schemas. */
export type CallInput<R extends RouteDef> = ParamsOf<R> & QueryOf<R> & BodyOf<R> & RequestOptions;
/** What a call of route R answers: its response schema's output (undefined for 204 routes). */
export type CallResult<R extends RouteDef> = R["response"] extends z.ZodType ? z.output<R["response"]> : undefined;
type CallArgs<R extends RouteDef> = object extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

/** A route that takes a multipart body (uploads). */
export type MultipartRoute = RouteDef & { multipart: z.ZodType };
type MultipartFields<R extends MultipartRoute> = z.input<R["multipart"]>;
type FileKeys<F> = { [K in keyof F]-?: NonNullable<F[K]> extends Blob ? K : never }[keyof F];

/** A file to upload: bytes, a Blob (or File), or a stream that is sent as it is read (not retried). */
export type UploadFile = Blob | Uint8Array | ReadableStream<Uint8Array>;

export type UploadInput<R extends MultipartRoute> = ParamsOf<R> &
  RequestOptions & {
    file: UploadFile;
    fileName: string;
    /** default application/pdf */
    contentType?: string;
    /** the other parts of the form (objects are sent as JSON text), typed from the route's multipart schema */
    fields?: Omit<MultipartFields<R>, FileKeys<MultipartFields<R>>>;
  };

export type DownloadInput<R extends RouteDef> = ParamsOf<R> & QueryOf<R> & RequestOptions;

export interface SignetClientOptions {
  /** Where Signet runs, e.g. https://sign.example.com (no trailing path) */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** default: the global fetch */
  fetch?: typeof fetch;
  /** retries of a 429 or 503 answer (and of a network failure of an idempotent request); default 4 */
  maxRetries?: number;
  /** first backoff in ms, doubled per retry; default 250 */
  retryBaseDelayMs?: number;
  /** longest single wait in ms; a longer Retry-After ends the retries; default 30 000 */
  maxRetryDelayMs?: number;
}

export interface SignetClient {
  /** Calls a JSON route of the contract and answers with its parsed response. */
  call<R extends RouteDef>(route: R, ...input: CallArgs<R>): Promise<CallResult<R>>;
  /** Uploads a file to a multipart route (e.g. routes.uploadDocument) and answers with its parsed response. */
  upload<R extends MultipartRoute>(route: R, input: UploadInput<R>): Promise<CallResult<R>>;
  /** Downloads a file route (e.g. routes.downloadSealedArtifact) as bytes. */
  download<R extends RouteDef & { produces: string }>(route: R, ...input: CallArgs<R>): Promise<Uint8Array>;
}

interface Token {
  value: string;
  /** epoch ms after which it is renewed before use */
  renewAt: number;
}

/** How a request body is produced per attempt; null: it cannot be sent twice. */
interface BuiltBody {
  body: RequestInit["body"];
  headers: Record<string, string>;
  streaming: boolean;
}
type BodyFactory = (() => BuiltBody) | null;

const TOKEN_PATH = routeUrl(routes.token);

/** A client of the Signet API that signs in with client credentials. */
export function createSignetClient(options: SignetClientOptions): SignetClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const retry = {
    maxRetries: options.maxRetries ?? 4,
    baseDelayMs: options.retryBaseDelayMs ?? 250,
    maxDelayMs: options.maxRetryDelayMs ?? 30_000,
  };
  let token: Token | null = null;
  let pendingToken: Promise<Token> | null = null;

  async function signIn(): Promise<Token> {
    const form = new URLSearchParams({
      grant_type: "client_credentials",
      client_id: options.clientId,
      client_secret: options.clientSecret,
    });
    const response = await send("POST", `${baseUrl}${TOKEN_PATH}`, () => ({
      body: form.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      streaming: false,
    }));
    if (!response.ok) throw await errorOf(response);
    const answer = routes.token.response.safeParse(await response.json().catch(() => null));
    if (!answer.success || !answer.data.access_token) throw invalidResponse(response);
    const lifetimeMs = answer.data.expires_in * 1000;
    // renew a little before expiry so that a token never runs out on the way to the server
    return { value: answer.data.access_token, renewAt: Date.now() + lifetimeMs - Math.min(60_000, lifetimeMs / 10) };
  }

  async function currentToken(forceNew: boolean): Promise<string> {
    if (!forceNew && token && Date.now() < token.renewAt) return token.value;
    if (forceNew) token = null;
    // concurrent calls share one sign-in
    pendingToken ??= signIn().finally(() => {
      pendingToken = null;
    });
    token = await pendingToken;
    return token.value;
  }

  /**
   * Sends with retries of 429/503, and, when repeating cannot do the work twice (an idempotent
   * method, or a POST carrying an Idempotency-Key), of 502/504 and network failures; answers any
   * other response.
   */
  async function send(
    method: string,
    url: string,
    body: BodyFactory,
    headers: Record<string, string> = {},
    signal?: AbortSignal,
  ): Promise<Response> {
    const repeatable = IDEMPOTENT_METHODS.has(method) || IDEMPOTENCY_KEY_HEADER in headers;
    for (let attempt = 0; ; attempt++) {
      const built = body?.() ?? { body: null, headers: {}, streaming: false };
      let response: Response;
      try {
        response = await doFetch(url, {
          method,
          headers: { ...headers, ...built.headers },
          body: built.body,
          signal: signal ?? null,
          ...(built.streaming ? { duplex: "half" } : {}),
        } as RequestInit);
      } catch (error) {
        const wait = repeatable && !built.streaming && !signal?.aborted ? retryDelay(attempt, null, retry) : null;
        if (wait === null) throw error;
        await sleep(wait, signal);
        continue;
      }
      const retryable =
        RETRYABLE_STATUSES.has(response.status) || (repeatable && RETRYABLE_WHEN_REPEATABLE.has(response.status));
      if (response.ok || !retryable) return response;
      const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
      // a streamed body has been read and cannot be sent again
      const wait = body === null || built.streaming ? null : retryDelay(attempt, retryAfterMs, retry);
      if (wait === null) throw await errorOf(response);
      await response.body?.cancel().catch(() => {});
      await sleep(wait, signal);
    }
  }

  /** An authorized request: renews the token once when the server answers 401. */
  async function authorized(
    route: RouteDef,
    url: string,
    body: BodyFactory,
    accept: string,
    options: RequestOptions = {},
  ): Promise<Response> {
    const { signal } = options;
    const idempotencyKey = route.method === "POST" ? (options.idempotencyKey ?? crypto.randomUUID()) : undefined;
    for (let renewed = false; ; renewed = true) {
      const headers: Record<string, string> = {
        accept,
        authorization: `Bearer ${await currentToken(renewed)}`,
        [HEADERS.apiVersion]: `v${route.version ?? DEFAULT_API_VERSION}`,
        ...(idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } : {}),
      };
      // a streamed body cannot be resent, so it gets no second chance after a 401 either
      const response = await send(route.method, url, body, headers, signal);
      if (response.status === 401 && !renewed && body !== null) {
        await response.body?.cancel().catch(() => {});
        continue;
      }
      if (!response.ok) throw await errorOf(response);
      return response;
    }
  }

  function urlOf(route: RouteDef, input: { params?: unknown; query?: unknown }): string {
    return `${baseUrl}${routeRequestPath(route, input as Parameters<typeof routeRequestPath>[1])}`;
  }

  async function parsed<R extends RouteDef>(route: R, response: Response): Promise<CallResult<R>> {
    if (route.response === null || response.status === 204) {
      await response.body?.cancel().catch(() => {});
      return undefined as CallResult<R>;
    }
    const result = route.response.safeParse(await response.json().catch(() => undefined));
    if (!result.success) throw invalidResponse(response);
    return result.data as CallResult<R>;
  }

  return {
    async call(route, ...[input]) {
      const { body, ...options } = (input ?? {}) as { body?: unknown } & RequestOptions;
      const encoded = encodeRequestBody(route, body);
      const factory: BodyFactory = (): BuiltBody =>
        encoded === null
          ? { body: null, headers: {}, streaming: false }
          : { body: encoded.body, headers: { "content-type": encoded.contentType }, streaming: false };
      const response = await authorized(route, urlOf(route, input ?? {}), factory, "application/json", options);
      return parsed(route, response);
    },

    async upload(route, input) {
      const fileKey = fileFieldOf(route.multipart);
      const contentType = input.contentType ?? "application/pdf";
      const fields = Object.entries((input.fields ?? {}) as Record<string, unknown>).filter(
        ([, value]) => value !== undefined,
      );
      const text = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));
      const file = input.file;
      const factory: BodyFactory =
        file instanceof ReadableStream
          ? null
          : () => {
              const form = new FormData();
              for (const [name, value] of fields) form.append(name, text(value));
              const blob = file instanceof Blob ? file : new Blob([new Uint8Array(file)], { type: contentType });
              form.append(fileKey, blob, input.fileName);
              return { body: form, headers: {}, streaming: false };
            };
      const body: BodyFactory =
        factory ??
        (() => {
          const boundary = `signet-${crypto.randomUUID()}`;
          const parts = fields.map(([name, value]) => ({ name, value: text(value) }));
          return {
            body: multipartStream(boundary, parts, {
              name: fileKey,
              fileName: input.fileName,
              contentType,
              stream: file as ReadableStream<Uint8Array>,
            }),
            headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
            streaming: true,
          };
        });
      const response = await authorized(route, urlOf(route, input), body, "application/json", input);
      return parsed(route, response);
    },

    async download(route, ...[input]) {
      const response = await authorized(
        route,
        urlOf(route, input ?? {}),
        () => ({ body: null, headers: {}, streaming: false }),
        `${route.produces}, application/json`,
        (input ?? {}) as RequestOptions,
      );
      return new Uint8Array(await response.arrayBuffer());
    },
  };
}

async function errorOf(response: Response): Promise<SignetApiError> {
  const body: unknown = await response.json().catch(() => null);
  return errorFromBody(
    response.status,
    body,
    response.headers.get(HEADERS.traceId),
    parseRetryAfter(response.headers.get("retry-after")),
  );
}

function invalidResponse(response: Response): SignetApiError {
  return new SignetApiError({
    status: response.status,
    code: "INVALID_RESPONSE",
    message: "The API's answer does not match the contract this client was built with",
    traceId: response.headers.get(HEADERS.traceId),
  });
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** The name of the file part in a route's multipart schema (the field declared with z.file()). */
function fileFieldOf(schema: z.ZodType): string {
  const shape = (schema as unknown as { shape?: Record<string, { _zod: { def: { type: string } } }> }).shape ?? {};
  for (const [name, field] of Object.entries(shape)) {
    let def = field._zod.def as { type: string; innerType?: { _zod: { def: { type: string } } } };
    while (def.innerType) def = def.innerType._zod.def as typeof def;
    if (def.type === "file") return name;
  }
  throw new Error("This route's multipart schema has no file part");
}

/** A multipart/form-data body that reads the file stream as it is sent (RFC 7578). */
function multipartStream(
  boundary: string,
  fields: { name: string; value: string }[],
  file: { name: string; fileName: string; contentType: string; stream: ReadableStream<Uint8Array> },
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const quoted = (text: string) => text.replace(/[\r\n"]/g, (c) => encodeURIComponent(c));
  const head = fields
    .map(
      (field) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(field.name)}"\r\n\r\n${field.value}\r\n`,
    )
    .join("");
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(file.name)}"; filename="${quoted(file.fileName)}"\r\nContent-Type: ${file.contentType}\r\n\r\n`;
  const reader = file.stream.getReader();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(head + fileHead));
        return;
      }
      const { done, value } = await reader.read();
      if (done) {
        controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
        controller.close();
      } else {
        controller.enqueue(value);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
