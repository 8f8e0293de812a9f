// The reference identity-proofing provider as one Fastify server on its own port, speaking the
// protocol in README.md. Signet talks to it over HTTP through an adapter like to any vendor; only
// `pnpm start` (EMBEDDED_IDPROOF) and tests start it in Signet's process or as a child.
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
import { type Person, PersonStore, seededPersons } from "./person-store.ts";
import { proofingRoutes } from "./proofing-routes.ts";
import { type FaultMode, type FaultStep, PROTOCOL_VERSION, protocolRegistry } from "./protocol.ts";
import type { ProviderContext } from "./provider-context.ts";
import { testControlRoutes } from "./test-control-routes.ts";
import { tokenRoute } from "./token-route.ts";

export interface ReferenceIdProofingOptions {
  /** 0 = any free port (the default) */
  port?: number;
  /** default 127.0.0.1 */
  host?: string;
  clients: { clientId: string; clientSecret: string }[];
  /** adds the /_test routes (faults, persons, right answers); never on in a real deployment */
  testControls?: boolean;
  /** default: fixtures/persons.json */
  persons?: Person[];
  logger?: boolean;
}

export interface RunningReferenceIdProofing {
  url: string;
  close(): Promise<void>;
}

export async function startReferenceIdProofing(o: ReferenceIdProofingOptions): Promise<RunningReferenceIdProofing> {
  if (o.clients.length === 0)
    throw new Error("The identity-proofing provider needs at least one client (id and secret).");
  for (const client of o.clients) {
    if (!client.clientId || !client.clientSecret) throw new Error("Every client needs an id and a secret.");
  }
  const ctx: ProviderContext = {
    store: new PersonStore(o.persons ?? seededPersons()),
    tokens: new AccessTokens(o.clients),
    faults: o.testControls ? new FaultBook<FaultStep, FaultMode>() : null,
    held: new Set(),
  };

  // the request bodies carry date of birth and SSN digits: the logger never sees bodies, only urls
  const app = Fastify({ logger: o.logger ?? false, bodyLimit: 64 * 1024 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ProtocolError) {
      return reply.code(error.status).send({ error: error.code, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // names the fields only: the values may be personal data
      const fields = error.validation.map((issue) => issue.instancePath || error.validationContext);
      return reply
        .code(400)
        .send({ error: "invalid_request", message: `These fields are not valid: ${[...new Set(fields)].join(", ")}.` });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) return reply.code(status).send({ error: "bad_request", message: error.message });
    request.log.error({ message: error.message }, "request failed");
    return reply.code(500).send({ error: "internal_error", message: "The provider failed to handle the request." });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ error: "not_found", message: `There is no route ${request.method} ${request.url}.` }),
  );
  app.addHook("preClose", async () => {
    for (const response of ctx.held) response.destroy();
    ctx.held.clear();
  });

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Reference identity-proofing provider",
        version: PROTOCOL_VERSION,
        description:
          "Credential check and knowledge questions for A/V signers, as Signet expects of a provider (apps/idproof/README.md).",
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
  await app.register(async (scope) => proofingRoutes(scope, ctx));
  const faults = ctx.faults;
  if (faults) await app.register(async (scope) => testControlRoutes(scope, { ...ctx, faults }));

  await app.listen({ port: o.port ?? 0, host: o.host ?? "127.0.0.1" });
  const address = app.server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return { url: `http://${host}:${address.port}`, close: () => app.close() };
}

/** The first fixture person, printed by `pnpm start` so a tester can pass identity proofing. */
export function demoIdentity(): Omit<Person, "facts" | "reference"> {
  const { givenName, familyName, dateOfBirth, ssnLast4, postalCode } = seededPersons()[0]!;
  return { givenName, familyName, dateOfBirth, ssnLast4, postalCode };
}
