import { errorBodySchema, honoursIdempotencyKey, type RouteDef, routeUrl } from "@signet/contract";
import type { TokenAlongside } from "@signet/core";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from "fastify";
import type { z } from "zod";
import type { RequestSession } from "./authenticate.ts";
import { type FileAnswer, sendFile } from "./content-disposition.ts";

type In<S> = S extends z.ZodType ? z.infer<S> : undefined;
// biome-ignore lint/suspicious/noConfusingVoidType: routes without a response body return nothing
type JsonOut<S> = S extends z.ZodType ? z.input<S> : void;
/** A route that produces a file answers it; any other its JSON body (or nothing). */
type Out<R extends RouteDef> = R["produces"] extends string ? FileAnswer : JsonOut<R["response"]>;

export interface RouteContext<R extends RouteDef> {
  params: In<R["params"]>;
  query: In<R["query"]>;
  body: In<R["body"]>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** set for every route whose auth is not "none" */
  session: R["auth"] extends "none" ? null : RequestSession;
  /** On a create: Location = this request's path + "/" + id (clients read the new id from it). */
  setLocation(id: string): void;
}

export type Authenticate = (
  level: Exclude<RouteDef["auth"], "none">,
  organizationScoped?: boolean,
  alongside?: TokenAlongside,
) => (request: FastifyRequest) => Promise<void>;

/**
 * An action whose body is all optional (a suspend with an optional reason) needs no body at all: a
 * request without one gets {}. Whether the body is all optional is asked on the first request
 * without one, not at registration: zod compiles a schema on its first parse, and doing that for
 * every route made half a second of the start.
 */
function emptyBodyWhereAllOptional(body: z.ZodType) {
  let allOptional: boolean | undefined;
  return (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    if (request.body === undefined || request.body === null) {
      allOptional ??= body.safeParse({}).success;
      if (allOptional) request.body = {};
    }
    done();
  };
}

/**
 * Registers one contract route: URL, validation, response schema and auth all come from the route
 * table entry (and so does its OpenAPI operation); the handler only maps HTTP to a use case. A route
 * that `produces` a file (a PDF, a zip, a CSV) answers a FileAnswer, sent as a download.
 */
export function defineRoute<R extends RouteDef>(
  app: FastifyInstance,
  authenticate: Authenticate,
  def: R,
  handler: (ctx: RouteContext<R>) => Promise<Out<R>>,
  {
    alongside,
    ...options
  }: Pick<RouteShorthandOptions, "config" | "errorHandler"> & {
    /** read with the token row, in its statement: the handler finds it in session.alongside */
    alongside?: TokenAlongside;
  } = {},
) {
  const preValidation = [
    ...(def.auth === "none" ? [] : [authenticate(def.auth, def.path.includes(":orgId"), alongside)]),
    ...(def.body ? [emptyBodyWhereAllOptional(def.body)] : []),
  ];
  // a signed-in create or action answering JSON honours an Idempotency-Key (plugins/idempotency.ts)
  const idempotent = honoursIdempotencyKey(def);
  app.route({
    method: def.method,
    url: routeUrl(def),
    ...options,
    ...(idempotent ? { config: { ...options.config, idempotent } } : {}),
    // validation and serialization only: the OpenAPI operation is derived from the same entry in
    // openapi-document.ts (which also covers the routes served by hand)
    schema: {
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      response: {
        ...(def.response ? { [def.status]: def.response } : {}),
        "4xx": errorBodySchema,
        "5xx": errorBodySchema,
      },
    },
    ...(preValidation.length > 0 ? { preValidation } : {}),
    handler: async (request, reply) => {
      const result = await handler({
        params: request.params,
        query: request.query,
        body: request.body,
        request,
        reply,
        session: request.session,
        setLocation: (id: string) => {
          const path = request.url.split("?")[0]!.replace(/\/$/, "");
          reply.header("location", `${path}/${encodeURIComponent(id)}`);
        },
      } as RouteContext<R>);
      reply.code(def.status);
      if (def.produces) return sendFile(reply, result as FileAnswer);
      return def.response ? result : reply.send();
    },
  });
}
