// The reference eVault as one Fastify server: its own port, its own data directory, the protocol
// in README.md. Signet's tests and the docker-compose `evault` service run it; nothing in Signet
// imports it at run time (Signet speaks to it over HTTP through an adapter like any vendor).
import type { AddressInfo } from "node:net";
import swagger from "@fastify/swagger";
import { AccessTokens, FaultBook, ProtocolError } from "@signet/reference-service";
import Fastify, { type FastifyError } from "fastify";
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
} from "fastify-type-provider-zod";
import { type FaultMode, type FaultStep, PROTOCOL_VERSION, protocolRegistry } from "./protocol.ts";
import { testControlRoutes } from "./test-control-routes.ts";
import { tokenRoute } from "./token-route.ts";
import type { VaultContext } from "./vault-context.ts";
import { vaultRoutes } from "./vault-routes.ts";
import { VaultStore } from "./vault-store.ts";

export interface ReferenceEVaultOptions {
  /** 0 = any free port (the default) */
  port?: number;
  /** default 127.0.0.1 */
  host?: string;
  dataDir: string;
  clients: { clientId: string; clientSecret: string }[];
  /** adds the /_test routes (fault injection); never on in a real deployment */
  testControls?: boolean;
  vaultName?: string;
  logger?: boolean;
}

export interface RunningReferenceEVault {
  url: string;
  close(): Promise<void>;
}

export const DEFAULT_VAULT_NAME = "Signet reference eVault";

export async function startReferenceEVault(o: ReferenceEVaultOptions): Promise<RunningReferenceEVault> {
  if (o.clients.length === 0) throw new Error("The reference eVault needs at least one client (id and secret).");
  for (const client of o.clients) {
    if (!client.clientId || !client.clientSecret) throw new Error("Every eVault client needs an id and a secret.");
  }
  const ctx: VaultContext = {
    store: await VaultStore.open(o.dataDir),
    tokens: new AccessTokens(o.clients),
    faults: o.testControls ? new FaultBook<FaultStep, FaultMode>() : null,
    vaultName: o.vaultName ?? DEFAULT_VAULT_NAME,
    held: new Set(),
  };

  const app = Fastify({ logger: o.logger ?? false, bodyLimit: 1024 * 1024 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ProtocolError) {
      return reply.code(error.status).send({ error: error.code, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const problems = error.validation.map(
        (issue) => `${issue.instancePath || error.validationContext} ${issue.message}`,
      );
      return reply
        .code(400)
        .send({ error: "invalid_request", message: `The request is not valid: ${problems.join("; ")}.` });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply.code(413).send({ error: "payload_too_large", message: "The request body is too large." });
    }
    if (status < 500) return reply.code(status).send({ error: "bad_request", message: error.message });
    request.log.error(error);
    return reply.code(500).send({ error: "internal_error", message: "The eVault failed to handle the request." });
  });
  // a bodyless POST (complete, vault-audit-trail) may still say application/json: read it as no body
  const json = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) =>
    body === "" ? done(null, undefined) : json(request, String(body), done),
  );
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ error: "not_found", message: `There is no route ${request.method} ${request.url}.` }),
  );
  // a request held by a timeout fault would keep close() waiting for ever
  app.addHook("preClose", async () => {
    for (const response of ctx.held) response.destroy();
    ctx.held.clear();
  });

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Reference eVault",
        version: PROTOCOL_VERSION,
        description: "The eVault protocol Signet deposits completed packages into (apps/evault/README.md).",
      },
      components: {
        securitySchemes: {
          basic: { type: "http", scheme: "basic", description: "client ID and secret, for /oauth/token only" },
          bearer: { type: "http", scheme: "bearer", description: "an access token from /oauth/token" },
        },
      },
    },
    transform: createJsonSchemaTransform({ schemaRegistry: protocolRegistry }),
    transformObject: createJsonSchemaTransformObject({ schemaRegistry: protocolRegistry }),
  });
  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  await app.register(async (scope) => tokenRoute(scope, ctx));
  await app.register(async (scope) => vaultRoutes(scope, ctx));
  const faults = ctx.faults;
  if (faults) await app.register(async (scope) => testControlRoutes(scope, { ...ctx, faults }));

  await app.listen({ port: o.port ?? 0, host: o.host ?? "127.0.0.1" });
  const address = app.server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return { url: `http://${host}:${address.port}`, close: () => app.close() };
}
