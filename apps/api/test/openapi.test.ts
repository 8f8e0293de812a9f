import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { Validator } from "@seriousme/openapi-schema-validator";
import {
  errorBodySchema,
  type RouteDef,
  routes,
  routeUrl,
  signingOriginRoutes,
  WEBHOOK_EVENT_SCHEMAS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT_TYPE,
  webhookEventComponentName,
} from "@signet/contract";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizationWithUser, PASSWORD } from "./support/factories.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 10 §2: integrators generate clients from /api/docs/json. Both listeners' documents are
// checked against the OpenAPI 3.1 schema, walked against the route tables (a route missing from a
// document, or an operation without its schemas and error answers, fails here), and a client made by
// a third-party generator (openapi-typescript + openapi-fetch) must compile, refuse a wrong call at
// compile time, and work against the running API.

interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, MediaType> };
  parameters?: { in: string; name: string; description?: string; schema?: JsonSchema }[];
  responses: Record<string, ResponseObject>;
}
interface MediaType {
  schema?: { $ref?: string };
  example?: unknown;
}
interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface ResponseObject {
  $ref?: string;
  description?: string;
  content?: Record<string, MediaType>;
}
interface OpenApiDocument {
  openapi: string;
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, unknown>;
    responses?: Record<string, ResponseObject>;
    securitySchemes: Record<string, { type: string; in?: string }>;
  };
}

const COMPONENT = /^#\/components\/schemas\/[A-Za-z0-9_.-]+$/;

/**
 * Routes whose JSON body or answer has no example its schema accepts, by `id body` or `id answer`,
 * with the reason. Empty: every route has one; an entry must say why it cannot.
 */
const WITHOUT_VALID_EXAMPLE: Record<string, string> = {};

let app: TestApp;
const documents: Record<"api" | "signing", OpenApiDocument> = {} as never;
const tables: Record<"api" | "signing", Record<string, RouteDef>> = { api: routes, signing: signingOriginRoutes };

beforeAll(async () => {
  app = await startTestApp();
  for (const [name, baseUrl] of [
    ["api", app.url],
    ["signing", app.server.signingRoom!.url],
  ] as const) {
    const reply = await fetch(`${baseUrl}/api/docs/json`);
    expect(reply.status, `${name} document`).toBe(200);
    documents[name] = (await reply.json()) as OpenApiDocument;
  }
});
afterAll(async () => {
  await app?.close();
});

const openApiPath = (route: RouteDef) => routeUrl(route).replace(/:(\w+)/g, "{$1}");
const hasKeys = (schema: RouteDef["params"]) =>
  Boolean(schema && Object.keys((schema as { shape?: object }).shape ?? {}).length);

/** Every `$ref` in a document. */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string") found.push(child);
      else refsIn(child, found);
    }
  }
  return found;
}

/**
 * Issue 36 §2. What an integrator reads nothing about: every property of every component schema,
 * at any depth (`Schema.property`, `Schema.property[].inner`), and every parameter of every
 * operation (`operationId in:name`). A schema counts as described when it carries a description, when it is
 * a `$ref` to a component other than the generic Uuid that carries one, or when it is nullable
 * (`anyOf` with a null branch) and its other branches are described. The Uuid component only says
 * "a UUID", so an id must say whose id it is beside its `$ref`.
 */
function undescribedIn(document: OpenApiDocument): string[] {
  const schemas = document.components.schemas as Record<string, JsonSchema>;
  const described = (schema: JsonSchema | undefined): boolean => {
    if (!schema) return false;
    if (schema.description) return true;
    if (schema.$ref) {
      const target = schema.$ref.split("/").pop()!;
      return target !== "Uuid" && Boolean(schemas[target]?.description);
    }
    const branches = (schema.anyOf ?? schema.oneOf ?? []).filter((branch) => branch.type !== "null");
    return branches.length > 0 && branches.length < (schema.anyOf ?? schema.oneOf)!.length && branches.every(described);
  };
  const found: string[] = [];
  const walk = (schema: JsonSchema | undefined, where: string) => {
    if (!schema || typeof schema !== "object") return;
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      if (!described(property)) found.push(`${where}.${key}`);
      walk(property, `${where}.${key}`);
    }
    walk(schema.items, `${where}[]`);
    if (typeof schema.additionalProperties === "object") walk(schema.additionalProperties, `${where}{}`);
    for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
      walk(branch, where);
  };
  for (const [component, schema] of Object.entries(schemas)) walk(schema, component);
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations)) {
      for (const parameter of operation.parameters ?? []) {
        if (parameter.description || described(parameter.schema)) continue;
        found.push(`${operation.operationId} ${parameter.in}:${parameter.name}`);
      }
    }
  }
  return found.sort();
}

describe.each(["api", "signing"] as const)("the %s listener's OpenAPI document", (name) => {
  it("is a valid OpenAPI 3.1 document whose every $ref resolves", async () => {
    const document = documents[name];
    const validator = new Validator();
    // the validator types its input loosely (SpecData); our document type is narrower than that
    const result = await validator.validate(
      structuredClone(document) as unknown as Parameters<Validator["validate"]>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(50);
    const dangling = refs.filter((ref) => {
      const name = ref.split("/").pop()!;
      if (COMPONENT.test(ref)) return !(name in document.components.schemas);
      return !ref.startsWith("#/components/responses/") || !(name in (document.components.responses ?? {}));
    });
    expect([...new Set(dangling)]).toEqual([]);
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it("documents every route of its table with the right method and path, and nothing else", () => {
    const document = documents[name];
    const expected = Object.entries(tables[name]).map(([id, route]) => `${id}: ${route.method} ${openApiPath(route)}`);
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(
        ([method, operation]) => `${operation.operationId}: ${method.toUpperCase()} ${path}`,
      ),
    );
    expect(documented.sort()).toEqual(expected.sort());
  });

  it("gives every operation its schemas: parameters, a named request body, a named answer and the errors", () => {
    const document = documents[name];
    const problems: string[] = [];
    const expectError = (where: string, operation: Operation, status: string) => {
      const answer = operation.responses[status];
      // an error answer is a shared response component
      const shared = answer?.$ref?.startsWith("#/components/responses/")
        ? document.components.responses?.[answer.$ref.split("/").pop()!]
        : undefined;
      if (!shared) problems.push(`${where}: ${status} is not a shared response component`);
      const ref = shared?.content?.["application/json"]?.schema?.$ref;
      if (ref !== "#/components/schemas/Error") problems.push(`${where}: no ${status} answering the Error schema`);
    };
    for (const [id, route] of Object.entries(tables[name])) {
      const where = `${id} ${route.method} ${openApiPath(route)}`;
      const operation = document.paths[openApiPath(route)]?.[route.method.toLowerCase()];
      if (!operation) {
        problems.push(`${where}: missing`);
        continue;
      }
      const pathParams = [...openApiPath(route).matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const documentedParams = (operation.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
      if (documentedParams.sort().join() !== pathParams.sort().join()) problems.push(`${where}: path parameters`);
      if (route.query && !(operation.parameters ?? []).some((p) => p.in === "query")) problems.push(`${where}: query`);

      const contentType = route.multipart
        ? "multipart/form-data"
        : route.bodyType === "form"
          ? "application/x-www-form-urlencoded"
          : "application/json";
      if (route.body || route.multipart) {
        const ref = operation.requestBody?.content[contentType]?.schema?.$ref;
        if (!ref || !COMPONENT.test(ref)) problems.push(`${where}: no named ${contentType} request body`);
      } else if (operation.requestBody) problems.push(`${where}: a request body the route does not take`);

      const success = operation.responses[route.status];
      if (!success) problems.push(`${where}: no ${route.status} answer`);
      else if (route.produces) {
        const component = {
          "application/zip": "ZipFile",
          "application/pdf": "PdfFile",
          "text/csv": "CsvFile",
          "image/*": "ImageFile",
          "video/webm": "VideoFile",
        }[route.produces];
        if (success.content?.[route.produces]?.schema?.$ref !== `#/components/schemas/${component}`) {
          problems.push(`${where}: the ${route.status} answer is not a ${route.produces} file`);
        }
      } else if (route.response) {
        const ref = success.content?.["application/json"]?.schema?.$ref;
        if (!ref || !COMPONENT.test(ref)) problems.push(`${where}: no named ${route.status} answer`);
      } else if (success.content) problems.push(`${where}: ${route.status} should have no content`);
      // an answer without a body is 202, 204 or a browser redirect; a 200 without JSON is a file the table must name
      if (!route.response && !route.produces && ![202, 204, 302, 303].includes(route.status)) {
        problems.push(`${where}: ${route.status} answers neither JSON nor a file`);
      }

      for (const status of ["500", "503", "4XX"]) expectError(where, operation, status);
      if (route.params || route.query || route.body || route.multipart) expectError(where, operation, "400");
      if (route.auth !== "none") for (const status of ["401", "403"]) expectError(where, operation, status);
      if (hasKeys(route.params)) expectError(where, operation, "404");
      if (route.multipart) for (const status of ["413", "415"]) expectError(where, operation, status);
    }
    expect(problems).toEqual([]);
  });

  it("gives every JSON request body and JSON answer an example its route's zod schema accepts", () => {
    const document = documents[name];
    const problems: string[] = [];
    const check = (where: string, media: MediaType | undefined, schema: NonNullable<RouteDef["body"]>) => {
      if (!media) return problems.push(`${where}: no media type`);
      if (media.example === undefined) return problems.push(`${where}: no example`);
      const parsed = schema.safeParse(media.example);
      if (!parsed.success) {
        problems.push(`${where}: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
      }
    };
    for (const [id, route] of Object.entries(tables[name])) {
      const operation = document.paths[openApiPath(route)]?.[route.method.toLowerCase()];
      if (!operation) continue;
      const contentType = route.bodyType === "form" ? "application/x-www-form-urlencoded" : "application/json";
      if (route.body) check(`${id} body`, operation.requestBody?.content[contentType], route.body);
      if (route.response)
        check(`${id} answer`, operation.responses[route.status]?.content?.["application/json"], route.response);
    }
    const where = (problem: string) => problem.slice(0, problem.indexOf(":"));
    expect(problems.filter((problem) => !(where(problem) in WITHOUT_VALID_EXAMPLE))).toEqual([]);
    // an exception whose route now has a valid example leaves the list
    const failing = new Set(problems.map(where));
    const ownExceptions = Object.keys(WITHOUT_VALID_EXAMPLE).filter((entry) => entry.split(" ")[0]! in tables[name]);
    expect(ownExceptions.filter((entry) => !failing.has(entry))).toEqual([]);
  });

  it("shows an error body its schema accepts on every shared error answer", () => {
    const responses = documents[name].components.responses ?? {};
    expect(Object.keys(responses).length).toBeGreaterThan(5);
    for (const [responseName, response] of Object.entries(responses)) {
      const example = response.content?.["application/json"]?.example;
      expect(errorBodySchema.safeParse(example).success, responseName).toBe(true);
    }
  });

  it("names who may call each operation: public routes an empty security list, the rest their session", () => {
    const document = documents[name];
    const schemes = document.components.securitySchemes;
    const wrong: string[] = [];
    for (const [id, route] of Object.entries(tables[name])) {
      const security = document.paths[openApiPath(route)]?.[route.method.toLowerCase()]?.security;
      const names = (security ?? []).flatMap((requirement) => Object.keys(requirement));
      if (names.some((scheme) => !(scheme in schemes))) wrong.push(`${id}: unknown scheme`);
      const write = route.method !== "GET";
      const expected =
        name === "api"
          ? route.auth === "none"
            ? []
            : [
                { bearer: [] },
                write
                  ? { sessionCookie: [], sessionSignatureCookie: [], xsrfToken: [] }
                  : { sessionCookie: [], sessionSignatureCookie: [] },
              ]
          : route.auth === "none"
            ? write
              ? [{ signingRoomHeader: [] }]
              : []
            : [write ? { signingSession: [], signingRoomHeader: [] } : { signingSession: [] }];
      if (JSON.stringify(security) !== JSON.stringify(expected)) wrong.push(`${id}: ${JSON.stringify(security)}`);
      if (write && names.some((scheme) => schemes[scheme]?.in === "header")) {
        const forbidden = document.paths[openApiPath(route)]![route.method.toLowerCase()]!.responses["403"];
        if (!forbidden) wrong.push(`${id}: no 403 for the anti-forgery header`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("passes Redocly's recommended rules with no error, and no warning but the known ones", () => {
    const folder = mkdtempSync(join(tmpdir(), "signet-redocly-"));
    try {
      const file = join(folder, `${name}.json`);
      writeFileSync(file, JSON.stringify(documents[name]));
      const cli = join(dirname(createRequire(import.meta.url).resolve("@redocly/cli/package.json")), "bin/cli.js");
      const run = spawnSync(process.execPath, [cli, "lint", "--extends=recommended", "--format=json", file], {
        encoding: "utf8",
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
        timeout: 120_000,
      });
      const report = JSON.parse(run.stdout.slice(run.stdout.indexOf("{"))) as {
        problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
      };
      const shown = report.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
      expect(shown.filter((line) => line.startsWith("error"))).toEqual([]);
      // known: the sign-in routes answer a redirect by design (no 2XX); the installation chooses its licence
      const known = new Set(["operation-2xx-response", "info-license"]);
      expect(report.problems.filter((p) => !known.has(p.ruleId)).map((p) => shown[report.problems.indexOf(p)])).toEqual(
        [],
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("describes every parameter and property", () => {
    expect(undescribedIn(documents[name])).toEqual([]);
  });

  it("lists every tag it uses with a description", () => {
    const document = documents[name];
    const listed = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description]));
    const used = new Set(
      Object.values(document.paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags ?? [])),
    );
    expect([...used].filter((tag) => !listed.get(tag) || listed.get(tag) === tag)).toEqual([]);
  });
});

describe("the webhooks section of the members' document", () => {
  it("has one operation per event type, its body a named schema of that type only, signed by Standard Webhooks headers", () => {
    const document = documents.api as OpenApiDocument & {
      webhooks?: Record<
        string,
        { post: Operation & { requestBody: { content: Record<string, { schema: { $ref: string } }> } } }
      >;
    };
    const types = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE];
    expect(Object.keys(document.webhooks ?? {}).sort()).toEqual([...types].sort());
    for (const type of types) {
      const operation = document.webhooks![type]!.post;
      const ref = operation.requestBody.content["application/json"]!.schema.$ref;
      expect(ref).toBe(`#/components/schemas/${webhookEventComponentName(type)}`);
      const schema = document.components.schemas[ref.split("/").pop()!] as {
        properties: { type: { const: string } };
        additionalProperties: boolean;
      };
      expect(schema.properties.type.const).toBe(type);
      const example = operation.requestBody.content["application/json"] as { example?: unknown };
      const schemaOfType = WEBHOOK_EVENT_SCHEMAS[type as keyof typeof WEBHOOK_EVENT_SCHEMAS];
      expect(schemaOfType.safeParse(example.example).success, type).toBe(true);
      expect(schema.additionalProperties).toBe(false);
      expect((operation.parameters ?? []).map((p) => p.name)).toEqual([
        "webhook-id",
        "webhook-timestamp",
        "webhook-signature",
      ]);
    }
    expect((documents.signing as { webhooks?: unknown }).webhooks).toBeUndefined();
  });
});

describe("error statuses derived from the route entry", () => {
  const operation = (name: "api" | "signing", route: RouteDef) =>
    documents[name].paths[openApiPath(route)]![route.method.toLowerCase()]!;

  it("documents 409 on versioned writes, 429 on rate-limited routes, and 413/415 on uploads", () => {
    expect(Object.keys(operation("api", routes.updateDocument).responses)).toContain("409");
    expect(Object.keys(operation("api", routes.deleteDocument).responses)).toContain("409");
    expect(Object.keys(operation("api", routes.getDocument).responses)).not.toContain("409");
    expect(Object.keys(operation("api", routes.token).responses)).toContain("429");
    expect(Object.keys(operation("signing", signingOriginRoutes.verifySealedDocument).responses)).toContain("429");
    expect(Object.keys(operation("api", routes.listDocuments).responses)).not.toContain("429");
    expect(Object.keys(operation("api", routes.uploadDocument).responses)).toEqual(
      expect.arrayContaining(["201", "413", "415"]),
    );
  });

  it("offers the Idempotency-Key header, with its 409 and 422, on signed-in POSTs answering JSON only", () => {
    const headerNames = (op: { parameters?: { in: string; name: string }[] }) =>
      (op.parameters ?? []).filter((p) => p.in === "header").map((p) => p.name);
    const create = operation("api", routes.createPackage);
    expect(headerNames(create)).toContain("idempotency-key");
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(["409", "422"]));
    expect(headerNames(operation("api", routes.updateDocument))).not.toContain("idempotency-key");
    expect(headerNames(operation("api", routes.token))).not.toContain("idempotency-key");
    expect(Object.keys(operation("api", routes.token).responses)).not.toContain("422");
  });

  it("describes the upload's parts: the binary file and the optional properties", () => {
    const form = documents.api.components.schemas.DocumentUploadInput as {
      properties: Record<string, { type?: string; format?: string }>;
      required: string[];
    };
    expect(form.properties.contents).toMatchObject({ type: "string", format: "binary" });
    expect(form.properties).toHaveProperty("documentProperties");
    expect(form.required).toEqual(["contents"]);
  });
});

describe("a client generated by openapi-typescript and openapi-fetch", () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "signet-openapi-client-"));
    // the generated client resolves openapi-fetch as an integrator's project would, from its node_modules
    const openapiFetch = dirname(createRequire(import.meta.url).resolve("openapi-fetch/package.json"));
    mkdirSync(join(dir, "node_modules"));
    symlinkSync(openapiFetch, join(dir, "node_modules", "openapi-fetch"), "dir");
    const types = astToString(await openapiTS(structuredClone(documents.api) as never));
    writeFileSync(join(dir, "api.d.ts"), types);
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const client = (usernameExpression: string) => `
import createClient from "openapi-fetch";
import type { components, paths } from "./api";

type Permissions = components["schemas"]["Permissions"];
type ErrorBody = components["schemas"]["Error"];

export async function permissionsOf(baseUrl: string, email: string, password: string, orgId: string) {
  const api = createClient<paths>({ baseUrl });
  const signIn = await api.POST("/cas/oauth/token", {
    body: { grant_type: "password", client_id: "signet-web", username: ${usernameExpression}, password },
    bodySerializer: (body) => new URLSearchParams(body).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  if (!signIn.data?.access_token) throw new Error("sign-in failed: " + signIn.response.status);
  const headers = { authorization: "Bearer " + signIn.data.access_token };
  const mine = await api.GET("/api/v1/organizations/{orgId}/users/me/permissions", {
    params: { path: { orgId } },
    headers,
  });
  const permissions: Permissions | undefined = mine.data;
  const other = await api.GET("/api/v1/organizations/{orgId}/users/me/permissions", {
    params: { path: { orgId: "00000000-0000-4000-8000-000000000000" } },
    headers,
  });
  const notFound: ErrorBody | undefined = other.error;
  return { permissions, notFound: { status: other.response.status, code: notFound?.code } };
}
`;

  function compile(files: Record<string, string>, emit: boolean) {
    for (const [file, source] of Object.entries(files)) writeFileSync(join(dir, file), source);
    const program = ts.createProgram(
      Object.keys(files).map((file) => join(dir, file)),
      {
        strict: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
        skipLibCheck: true,
        noEmit: !emit,
        outDir: dir,
      },
    );
    const diagnostics = ts.getPreEmitDiagnostics(program);
    if (emit && diagnostics.length === 0) program.emit();
    return diagnostics.map((diagnostic) => ({
      code: diagnostic.code,
      line: diagnostic.file ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1 : null,
      text: ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"),
    }));
  }

  it("compiles a correct call, and refuses a body field of the wrong type", () => {
    expect(compile({ "client.mts": client("email") }, true)).toEqual([]);
    const wrong = compile({ "wrong.mts": client("42") }, false);
    expect(wrong.length).toBeGreaterThan(0);
    const line =
      client("42")
        .split("\n")
        .findIndex((text) => text.includes("username: 42")) + 1;
    expect(wrong.map((diagnostic) => diagnostic.line)).toContain(line);
    expect(wrong.map((diagnostic) => diagnostic.text).join("\n")).toMatch(/number.*not assignable to.*string/s);
  });

  it("signs in and reads the caller's permissions against the running API", async () => {
    const { user, organization } = await organizationWithUser(app.server.db);
    const compiled = (await import(pathToFileURL(join(dir, "client.mjs")).href)) as {
      permissionsOf(
        baseUrl: string,
        email: string,
        password: string,
        orgId: string,
      ): Promise<{ permissions?: { organizationId: string; names: string[] }; notFound: { status: number } }>;
    };
    const result = await compiled.permissionsOf(app.url, user.email, PASSWORD, organization.id);
    expect(result.permissions?.organizationId).toBe(organization.id);
    expect(result.permissions?.names).toContain("MANAGE_DOCUMENTS_PACKAGES");
    expect(result.notFound).toEqual({ status: 404, code: "NOT_FOUND" });
  });
});
