import { describe, expect, it } from "vitest";
import { z } from "zod";
import { packageListSchema } from "../packages.ts";
import type { RouteDef } from "../route-def.ts";
import { routes } from "../routes.ts";
import { signingOriginRoutes } from "../signing-room.ts";
import { WEBHOOK_EVENT_SCHEMAS } from "../webhooks.ts";
import { exampleOf, handWrite, uuidFor } from "./generate.ts";
import { errorExample, requestExample, responseExample, webhookEventExample } from "./index.ts";

// The OpenAPI documents' examples (issue 36 §2) must be accepted by the schemas they illustrate:
// an example that does not parse teaches integrators a request the API refuses.

const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
const none = new Map();

describe("route examples", () => {
  const all: [string, RouteDef][] = Object.entries({ ...routes, ...signingOriginRoutes });

  it("parse with their route's body and answer schemas, as JSON", () => {
    const refused: string[] = [];
    for (const [id, route] of all) {
      for (const [side, schema, example] of [
        ["body", route.body, requestExample(route)],
        ["answer", route.response, responseExample(route)],
      ] as const) {
        if (!schema) continue;
        const parsed = schema.safeParse(json(example));
        if (!parsed.success) refused.push(`${id} ${side}: ${parsed.error.issues[0]?.message}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it("are the same on every call (no randomness, no clock)", () => {
    for (const [, route] of all) {
      expect(JSON.stringify(requestExample(route))).toBe(JSON.stringify(requestExample(route)));
      expect(JSON.stringify(responseExample(route))).toBe(JSON.stringify(responseExample(route)));
    }
    expect(uuidFor("packageId")).toBe(uuidFor("packageId"));
  });

  it("put the hand-written record in pages of lists, with the ids the other examples use", () => {
    const page = packageListSchema.parse(exampleOf(packageListSchema, "output", new Map()));
    expect(page.records).toHaveLength(1);
    const list = responseExample(routes.listPackages) as { records: { name: string; id: string }[]; count: number };
    expect(list.records[0]!.name).toBe("Loan 2026-000123 — Ada Lovelace");
    const participant = responseExample(routes.addParticipant) as { packageId: string; email: string };
    expect(participant.packageId).toBe(list.records[0]!.id);
    expect(participant.email).toMatch(/@example\.com$/);
  });
});

describe("the generator", () => {
  it("honours lengths, bounds, formats and patterns", () => {
    const schema = z.object({
      id: z.uuid(),
      shortCode: z.string().length(4),
      note: z.string().min(40).max(50),
      digits: z.string().regex(/^\d{6}$/),
      page: z.number().int().min(5).max(9),
      ratio: z.number().lt(0),
      createdAt: z.iso.datetime(),
      day: z.iso.date(),
      website: z.url(),
      tags: z.array(z.string()).min(2),
      kind: z.enum(["FIRST", "SECOND"]),
      cancelledAt: z.string().nullable(),
    });
    const example = exampleOf(schema, "output", none);
    expect(schema.safeParse(example).success).toBe(true);
    expect(example).toMatchObject({ kind: "FIRST", cancelledAt: null, digits: "123456", page: 5 });
  });

  it("shows a request's input side and an answer's output side of a transform", () => {
    const flag = z.string().transform((value) => value === "true");
    expect(exampleOf(z.object({ active: flag }), "input", none)).toEqual({ active: expect.any(String) });
    const trimmed = z.string().pipe(z.email());
    expect(exampleOf(z.object({ email: trimmed }), "output", none)).toEqual({ email: "ada.lovelace@example.com" });
  });

  it("gives a hand-written example wherever its schema appears, generating the fields it leaves out", () => {
    const inner = z.object({ name: z.string(), version: z.number().int() });
    const outer = z.object({ items: z.array(inner) });
    const handWritten = new Map([handWrite(inner, { name: "Loan 2026-000777" })]);
    expect(exampleOf(outer, "output", handWritten)).toEqual({ items: [{ name: "Loan 2026-000777", version: 3 }] });
  });

  it("makes version 4 UUIDs", () => {
    expect(uuidFor("organizationId")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuidFor("organizationId")).not.toBe(uuidFor("packageId"));
  });
});

describe("webhook and error examples", () => {
  it("parse with each event type's strict schema", () => {
    for (const [type, schema] of Object.entries(WEBHOOK_EVENT_SCHEMAS)) {
      expect(schema.safeParse(webhookEventExample(type as keyof typeof WEBHOOK_EVENT_SCHEMAS)).success, type).toBe(
        true,
      );
    }
  });

  it("answer the code's own status and message", () => {
    expect(errorExample("NOT_FOUND")).toMatchObject({ code: "NOT_FOUND", status: 404 });
    expect(errorExample("BAD_REQUEST").details).toHaveLength(1);
  });
});
