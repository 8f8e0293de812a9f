import type { ServerResponse } from "node:http";
import { createRequire } from "node:module";
import type { FastifyInstance } from "fastify";

type HelmetOptions = Record<string, unknown>;
type Middleware = (
  req: unknown,
  res: Pick<ServerResponse, "setHeader" | "removeHeader">,
  next: (error?: unknown) => void,
) => void;

// helmet is @fastify/helmet's own dependency: reached through it, so its rules (defaults merged into
// the directives, header spellings) stay those of the version the plugin shipped with
const require = createRequire(import.meta.url);
const helmet = createRequire(require.resolve("@fastify/helmet"))("helmet") as (options: HelmetOptions) => Middleware;

/** The headers helmet writes for `options`, worked out once by running its middleware on a stand-in response. */
export function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: unknown) {
      headers.set(name, String(value));
      return response as unknown as ServerResponse;
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  };
  helmet(options)({}, response, (error) => {
    if (error) throw error;
  });
  return [...headers];
}

/**
 * helmet's headers on every response. @fastify/helmet builds helmet's whole middleware chain (and
 * the Content-Security-Policy string) again on each request; here the headers are built once per
 * value of `key` — what the options depend on, e.g. an origin known only after listen — and reused.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  key: () => string,
  options: (key: string) => HelmetOptions,
) {
  let builtFor: string | undefined;
  let headers: [string, string][] = [];
  app.addHook("onRequest", (_request, reply, done) => {
    const current = key();
    if (current !== builtFor) {
      headers = helmetHeaders(options(current));
      builtFor = current;
    }
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
