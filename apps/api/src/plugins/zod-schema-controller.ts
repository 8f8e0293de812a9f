import type { FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions["schemaController"]>["compilersFactory"]>;

/**
 * Every route validates and serializes with its zod schemas. Handed to Fastify as the server's
 * compilers (rather than set once the server exists), they keep Fastify from loading its JSON Schema
 * ones, Ajv and fast-json-stringify, which no route uses: most of a second at every start.
 */
export const zodSchemaController: FastifyServerOptions["schemaController"] = {
  // Fastify's types describe factories of its own compilers' signatures (Ajv's schema types)
  compilersFactory: {
    buildValidator: (() => validatorCompiler) as unknown as CompilersFactory["buildValidator"],
    buildSerializer: (() => serializerCompiler) as unknown as CompilersFactory["buildSerializer"],
  },
};
