import { errorBodySchema } from "@signet/contract";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineRoute } from "../src/plugins/define-route.ts";
import { registerErrorHandler } from "../src/plugins/error-handler.ts";

const app = Fastify();
const createThing = {
  method: "POST",
  base: "api",
  version: 3,
  path: "/things",
  auth: "none",
  summary: "Create a thing",
  tags: ["test"],
  body: z.object({ name: z.string().min(1) }),
  response: z.object({ id: z.string(), name: z.string() }),
  status: 201,
} as const;

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  defineRoute(
    app,
    () => async () => undefined,
    createThing,
    async ({ body, setLocation }) => {
      setLocation("thing-42");
      return { id: "thing-42", name: body.name };
    },
  );
  await app.ready();
});
afterAll(() => app.close());

describe("defineRoute", () => {
  it("mounts the route at its versioned URL, answers its status and puts the new id in Location", async () => {
    const reply = await app.inject({ method: "POST", url: "/api/v3/things", payload: { name: "a" } });
    expect(reply.statusCode).toBe(201);
    expect(reply.headers.location).toBe("/api/v3/things/thing-42");
    expect(reply.json()).toEqual({ id: "thing-42", name: "a" });
  });

  it("answers a body that fails the contract with the error shape and field paths", async () => {
    const reply = await app.inject({ method: "POST", url: "/api/v3/things", payload: { name: "" } });
    expect(reply.statusCode).toBe(400);
    const body = errorBodySchema.parse(reply.json());
    expect(body.code).toBe("BAD_REQUEST");
    expect(body.details?.[0]?.path).toBe("name");
  });
});
