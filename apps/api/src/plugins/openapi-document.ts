import fastifySwagger, { type SwaggerTransform, type SwaggerTransformObject } from "@fastify/swagger";
import {
  type ErrorCode,
  errorExample,
  HEADERS,
  honoursIdempotencyKey,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_RULES,
  type RouteDef,
  requestExample,
  responseExample,
  routes,
  routeUrl,
  SIGNING_ROOM_HEADER,
  signingOriginRoutes,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_SCHEMAS,
  webhookEventComponentName,
  webhookEventExample,
} from "@signet/contract";
import type { FastifyInstance, RouteOptions } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";

// Issue 10 §2: a document integrators can generate clients from. Every operation is documented from
// its route-table entry (the same entry the route is served from), so what an operation takes and
// answers — its error statuses included — is derived here once rather than written route by route.

type Json = Record<string, unknown>;
type SecurityRequirement = Record<string, string[]>;

export type SecurityScheme =
  | { type: "http"; scheme: "bearer"; bearerFormat: string; description: string }
  | { type: "apiKey"; in: "header" | "cookie"; name: string; description: string };

export interface OpenApiListener {
  title: string;
  version: string;
  description: string;
  /** where this listener runs, for the document's one server entry */
  serverDescription: string;
  /** the route table of this listener, by operation id */
  routes: Record<string, RouteDef>;
  securitySchemes: Record<string, SecurityScheme>;
  /** the events this listener's organizations receive as webhooks, for the document's webhooks section */
  webhooks?: Record<string, { schema: z.ZodType; description: string; example: unknown }>;
  /** any one requirement suffices; none for a public route */
  security(route: RouteDef): SecurityRequirement[] | undefined;
}

/** What each tag of the route tables groups, for the document's tag list. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  session: "Sign in (OAuth password grant), organizations of the user, permissions, passwords, sign out",
  system: "Build information and the configuration the web app reads at start",
  organizations: "Organizations (tenants) and their settings",
  users: "Members of an organization",
  groups: "Groups of users: package sharing and group-level permissions",
  roles: "Roles: named sets of permissions",
  memberships: "Which users belong to which groups, with which roles",
  packages: "Transaction packages: create, find, send, cancel, delete",
  participants: "Signers and other participants of a package",
  documents: "Documents of a package: upload (multipart), order, download (PDF)",
  tags: "Fields placed on documents (signatures, initials, text, dates…)",
  "custom fields": "Organization-defined fields filled into documents",
  "data collection": "Questions participants answer while signing",
  stips: "Files participants are asked to upload (stipulations)",
  settings:
    "Organization settings: the metaData API over every registered setting (type, category, default, version), the typed package, signing room and security views, e-sign consent, seal certificate, and the federal holidays call",
  "signing room":
    "Signing: the participant's signing room (signing origin) and the members' side of it (signing URLs, verification, sealed files)",
  "email-templates":
    "Email templates (per kind, English and Spanish, escaped {{variables}}, live preview, restore default) and the email settings: From display text and Reply-To",
  "email-notifications":
    "Email notification rules (which events — package completed, declined, consent withdrawn, expired, cancelled, reminder sent — email the sender, the package's groups or fixed addresses, with version checks) and a package's automatic reminders and expiring-soon notice",
  notifications:
    "Support users: the record of every email and text message sent or failed; and the notification summary and report a sender opens from the signed link of their daily summary email",
  webhooks:
    "Webhook endpoints: signed event deliveries (Standard Webhooks), delivery log, redelivery, suspend and resume",
  "api-clients":
    "API users (systems that call the API with roles like a person) and their OAuth 2.0 client-credentials clients and secrets",
  "identity-providers":
    "OpenID Connect identity providers (OAuth providers): administration, connection tests, and the public sign-in through them",
  "saml-providers":
    "Support users: SAML 2.0 identity providers of the installation (metadata import, certificates, organizations), our service provider metadata, and the public SP-initiated sign-in through them",
  mfa: "A second factor: the sign-in code challenge, the signed-in user's authenticator app, MFA phone and recovery codes",
  mailings:
    "Print and mail fulfillment: a package's mailings (print sets for paper participants and documents, sent to the print service provider), their outbound and return legs and milestones, retries, scans of wet-signed papers, and the vendor's signed milestone callbacks",
  reports: "Package and mailing reports: totals, charts and a streamed CSV export of the packages the caller sees",
  operations:
    "Support users: the health and versions of every dependency, parked background jobs with requeue, and the read-only queue dashboard at /admin/queues",
  "import-export":
    "Organization import/export: the organization's configuration (settings, branding, roles, groups, custom fields, email templates and notifications, webhooks without secrets) as one zip, a dry run listing what an import would create, change or leave alone and every conflict, and the import in one transaction",
  "bulk-send":
    "Bulk send: a CSV of participants (one row a package, columns named after a package template's slots) checked row by row, then up to 1,000 packages created and sent by one background job with progress, the failed rows' lines and reasons, and cancel",
  "document-templates":
    "Document templates: a reusable document with its participant slots, tags and rules, built in a hidden builder package, published as immutable versions and shared with groups; adding one to a package",
  watermarks:
    "Watermark templates (text with {variables}, position, angle, opacity, size, colour) and the organization's ordered rules choosing one per package status, kind of file and requester; once a package is eDeposited every copy served is watermarked; the system default template (support users change it); a preview PDF",
  "Print fulfillment":
    "Print fulfillment settings: the print service provider (default WK) and its address and credentials (the secret stored encrypted, never returned) with a connection test in plain words; return addresses checked as US addresses that fit a window envelope; business return envelopes (permit, post office, Intelligent Mail barcode); carriers and service levels; one default each; and what senders choose from in a package",
  "Closing centers":
    "Closing centers (settlement and title agents) of an organization with Closing Center on: their contact details and the permissions a share grants by default, their users (closing-center users, invited by email, who hold no other role and see only the packages shared with their closing center), and a package's shares with what each closing center may do on it",
  "Identity proofing":
    "Identity proofing of A/V eSign signers (credential check and knowledge questions at an outside provider): each participant's outcome, never their answers or details",
  eVaults:
    "Electronic vaults (eVaults) an organization deposits completed packages into: address, adapter and client credentials (the secret stored encrypted, never returned), a connection test in plain words, the vault's own description, and the names senders may choose from",
  "A/V sessions":
    "A/V eSign: host-led live sessions (WebRTC audio and video signalled over a WebSocket on the signing origin, a shared document view the host moves, the host's recording uploaded in chunks as raw bytes: PUT /api/v1/signing/av-session/recording/chunks/{index}?elapsedMs= with application/octet-stream, idempotent by index; the signalling WebSocket is GET /api/v1/signing/av-session/signal) and, for the sender, each session with its recording's hash, duration and retention date",
  notarization:
    "Remote online notarization on an A/V session: a member's notary profile (commission number, state and expiry, seal image, own signing certificate kept encrypted), the notarial acts (acknowledgment or jurat) marked on a package's documents and performed by the notary host in the live session, and the notary journal as JSON or CSV",
  eDeposit:
    "A package's eDeposit: its settings (vault, financial asset document and types; locked as spec §4 says), the five deposit stages with their failures and errors, retry, irreversible cancel, confirm with the vault, and a zip of what was deposited",
  "package-templates":
    "Package templates: a reusable package (participants as slots, document templates, signer uploads, questions, invitation) built in a hidden builder package; new package from template",
};

const ERROR_REF = { $ref: "#/components/schemas/Error" };
const PDF_FILE = "PdfFile";
const ZIP_FILE = "ZipFile";
const CSV_FILE = "CsvFile";
const IMAGE_FILE = "ImageFile";
const VIDEO_FILE = "VideoFile";
/** The named component of each file type a route may answer with. */
const FILE_COMPONENTS: Record<NonNullable<RouteDef["produces"]>, string> = {
  "application/pdf": PDF_FILE,
  "application/zip": ZIP_FILE,
  "text/csv": CSV_FILE,
  "image/*": IMAGE_FILE,
  "video/webm": VIDEO_FILE,
};
const isWrite = (route: RouteDef) => route.method !== "GET";

const IDEMPOTENCY_HEADER_PARAMETER = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .min(1)
    .max(IDEMPOTENCY_RULES.maxKeyLength)
    .optional()
    .describe(
      `Names this request across its retries (1–${IDEMPOTENCY_RULES.maxKeyLength} visible ASCII characters, e.g. a UUID or your record's id): a retry with the same key, path and body within ${IDEMPOTENCY_RULES.retentionHours} hours answers the first success again, with Idempotent-Replayed: true. A failure is not kept.`,
    ),
});

/** Top-level keys of a zod input schema, through the wrappers a contract schema may carry. */
function keysOf(schema: z.ZodType | undefined): string[] {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def) return [];
  if (def.type === "object") return Object.keys(def.shape as object);
  if (def.type === "union") return (def.options as z.ZodType[]).flatMap(keysOf);
  if (def.type === "intersection") return [...keysOf(def.left as z.ZodType), ...keysOf(def.right as z.ZodType)];
  return keysOf((def.in ?? def.innerType) as z.ZodType | undefined);
}

/**
 * The error answers, each a named response component (an operation refers to the ones it can
 * answer): the same few texts were otherwise written out some 2,500 times.
 */
const ERROR_RESPONSES = {
  BadRequest: "The request does not match the schema (details name each field) or breaks a rule",
  Unauthenticated: "Not signed in, or the session has ended",
  Forbidden: "Forbidden: the caller lacks the permission",
  AntiForgeryRefused: "Forbidden: the anti-forgery header is missing or wrong",
  ForbiddenOrAntiForgeryRefused:
    "Forbidden: the caller lacks the permission, or the anti-forgery header is missing or wrong",
  NotFound: "Not found (or it belongs to another organization)",
  VersionConflict: "Conflict: the version does not match: someone changed it first; reload and retry",
  IdempotencyKeyInUse:
    "Conflict: the first request with this Idempotency-Key is still running: retry once it has finished",
  VersionConflictOrIdempotencyKeyInUse:
    "Conflict: the version does not match (someone changed it first; reload and retry), or the first request with this Idempotency-Key is still running (retry once it has finished)",
  IdempotencyKeyReused: "This Idempotency-Key was already used for another request (another path or body)",
  PayloadTooLarge: "The body or the uploaded file is too large",
  UnsupportedMediaType: "The content type or the file format is not supported",
  TooManyRequests: "Too many requests: wait and retry",
  ClientError: "Another client error: see its code",
  ServerError: "Unexpected server error: quote the traceId to support",
  ServiceUnavailable: "A service the API depends on is unavailable: retry later",
} as const;
type ErrorResponseName = keyof typeof ERROR_RESPONSES;
/** The error code each shared error answer shows as its example. */
const ERROR_RESPONSE_EXAMPLES: Record<ErrorResponseName, ErrorCode> = {
  BadRequest: "BAD_REQUEST",
  Unauthenticated: "UNAUTHORIZED",
  Forbidden: "FORBIDDEN",
  AntiForgeryRefused: "CSRF",
  ForbiddenOrAntiForgeryRefused: "FORBIDDEN",
  NotFound: "NOT_FOUND",
  VersionConflict: "VERSION_NOT_MATCHED",
  IdempotencyKeyInUse: "IDEMPOTENCY_KEY_IN_USE",
  VersionConflictOrIdempotencyKeyInUse: "VERSION_NOT_MATCHED",
  IdempotencyKeyReused: "IDEMPOTENCY_KEY_REUSED",
  PayloadTooLarge: "PAYLOAD_TOO_LARGE",
  UnsupportedMediaType: "UNSUPPORTED_MEDIA_TYPE",
  TooManyRequests: "RATE_LIMITED",
  ClientError: "ALREADY_EXISTS",
  ServerError: "INTERNAL",
  ServiceUnavailable: "SERVICE_UNAVAILABLE",
};

/** Every status the route can answer besides its success, as the name of its response component. */
export function errorResponses(
  route: RouteDef,
  listener: OpenApiListener,
  rateLimited: boolean,
): Record<string, ErrorResponseName> {
  const security = listener.security(route) ?? [];
  const takesInput = Boolean(route.params || route.query || route.body || route.multipart);
  const hasIds = keysOf(route.params).length > 0;
  const versioned = keysOf(route.body).includes("version") || keysOf(route.query).includes("version");
  const guardedHeader = security.some((requirement) =>
    Object.keys(requirement).some((name) => {
      const scheme = listener.securitySchemes[name];
      return scheme?.type === "apiKey" && scheme.in === "header";
    }),
  );
  const errors: Record<string, ErrorResponseName> = {};
  if (takesInput) errors[400] = "BadRequest";
  if (route.auth !== "none") errors[401] = "Unauthenticated";
  const lacksPermission = route.auth !== "none";
  const antiForgery = isWrite(route) && guardedHeader;
  if (lacksPermission || antiForgery) {
    errors[403] =
      lacksPermission && antiForgery
        ? "ForbiddenOrAntiForgeryRefused"
        : lacksPermission
          ? "Forbidden"
          : "AntiForgeryRefused";
  }
  if (hasIds) errors[404] = "NotFound";
  const idempotent = honoursIdempotencyKey(route);
  if (versioned || idempotent) {
    errors[409] =
      versioned && idempotent
        ? "VersionConflictOrIdempotencyKeyInUse"
        : versioned
          ? "VersionConflict"
          : "IdempotencyKeyInUse";
  }
  if (idempotent) errors[422] = "IdempotencyKeyReused";
  if (route.body || route.multipart) {
    errors[413] = "PayloadTooLarge";
    errors[415] = "UnsupportedMediaType";
  }
  if (rateLimited) errors[429] = "TooManyRequests";
  errors["4XX"] = "ClientError";
  errors[500] = "ServerError";
  errors[503] = "ServiceUnavailable";
  return errors;
}

const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

// A zod schema is a component when it carries an id; the contract names most bodies and answers,
// and the rest are named after their operation. The named copies are kept so that building the
// document again (another listener, another test app in the same process) reuses them.
const namedCopies = new WeakMap<z.ZodType, z.ZodType>();
const inlineCopies = new WeakMap<z.ZodType, z.ZodType>();

function named(schema: z.ZodType, name: string): z.ZodType {
  if (z.globalRegistry.get(schema)?.id) return schema;
  let copy = namedCopies.get(schema);
  if (!copy) {
    // a second schema under a taken id would silently replace the first one's component
    if (z.globalRegistry._idmap.has(name)) throw new Error(`OpenAPI: the schema id ${name} is taken`);
    copy = schema.meta({ id: name });
    namedCopies.set(schema, copy);
  }
  return copy;
}

/** Parameters are listed one by one in an operation, so their object must not be a component reference. */
function inline(schema: z.ZodType): z.ZodType {
  if (!z.globalRegistry.get(schema)?.id) return schema;
  let copy = inlineCopies.get(schema);
  if (!copy) {
    // a copy inherits the description but not the id (zod's registry rule)
    copy = schema.meta({});
    inlineCopies.set(schema, copy);
  }
  return copy;
}

const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  201: "Created (Location names the new resource)",
  202: "Accepted",
  204: "No content",
  302: "Redirect: Location is where the browser goes next",
  303: "Redirect: Location is where the browser goes next",
};

function successResponse(route: RouteDef, converted: unknown): Json {
  const description = STATUS_TEXT[route.status] ?? "Success";
  if (route.produces) {
    const component = FILE_COMPONENTS[route.produces];
    return { description, content: { [route.produces]: { schema: { $ref: `#/components/schemas/${component}` } } } };
  }
  // @fastify/swagger writes no content for a response schema of type null
  if (!route.response) return { description, type: "null" };
  return { description, content: { "application/json": { schema: converted } } };
}

function operationTransform(listener: OpenApiListener): SwaggerTransform {
  const byRoute = new Map(
    Object.entries(listener.routes).map(([id, route]) => [`${route.method} ${routeUrl(route)}`, { id, route }]),
  );
  return (input) => {
    const { schema, route: served, url } = input;
    if (!schema || schema.hide) return jsonSchemaTransform(input);
    const method = [served.method].flat()[0];
    const entry = byRoute.get(`${method} ${url}`);
    if (!entry) {
      // a route outside the table is still shown, without what only the table knows (the document
      // test fails on it); its own security names may not exist in this document
      const { security: _ignored, ...rest } = schema as Json;
      return jsonSchemaTransform({ ...input, schema: rest });
    }
    const { id, route } = entry;
    const body = route.body ?? route.multipart;
    const zodSchema: Json = {
      operationId: id,
      summary: route.summary,
      tags: [...route.tags],
      ...(route.params ? { params: inline(route.params) } : {}),
      ...(honoursIdempotencyKey(route) ? { headers: IDEMPOTENCY_HEADER_PARAMETER } : {}),
      ...(route.query ? { querystring: inline(route.query) } : {}),
      ...(body ? { body: named(body, `${pascal(id)}${route.multipart ? "Form" : "Body"}`) } : {}),
      ...(route.multipart ? { consumes: ["multipart/form-data"] } : {}),
      ...(route.bodyType === "form" ? { consumes: ["application/x-www-form-urlencoded"] } : {}),
      ...(route.response ? { response: { [route.status]: named(route.response, `${pascal(id)}Response`) } } : {}),
    };
    const security = listener.security(route);
    const converted = jsonSchemaTransform({ ...input, schema: zodSchema });
    const responses = converted.schema.response as Json | undefined;
    const errors = errorResponses(route, listener, Boolean((served as RouteOptions).config?.rateLimit));
    return {
      url: converted.url,
      schema: {
        ...converted.schema,
        // a public operation says so (an empty list) rather than leaving readers to guess
        security: security ?? [],
        response: {
          [route.status]: successResponse(route, responses?.[route.status]),
          // written out here (the plugin reads each response's description); documentTransform
          // puts the named component in its place
          ...Object.fromEntries(
            Object.entries(errors).map(([status, name]) => [
              status,
              { description: ERROR_RESPONSES[name], content: { "application/json": { schema: ERROR_REF } } },
            ]),
          ),
        },
      },
    };
  };
}

/** Every `$ref` target under `value`. */
function refsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string") found.add(child);
      else refsIn(child, found);
    }
  }
  return found;
}

const UUID = "Uuid";
const { $schema: _dialect, ...UUID_SCHEMA }: Json = {
  ...(z.toJSONSchema(z.uuid()) as Json),
  description: "A UUID (RFC 9562)",
};

/**
 * Every id is a UUID with zod's pattern: one Uuid component instead of the pattern written out at
 * each of some 800 places (a description written beside it stays, as OpenAPI 3.1 allows).
 */
function shareUuids(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shareUuids);
  if (!value || typeof value !== "object") return value;
  const node = value as Json;
  if (node.type === "string" && node.format === "uuid" && node.pattern === UUID_SCHEMA.pattern) {
    const { type: _type, format: _format, pattern: _pattern, ...rest } = node;
    return { $ref: `#/components/schemas/${UUID}`, ...rest };
  }
  return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, shareUuids(child)]));
}

const ERROR_RESPONSE_BY_TEXT = new Map(
  Object.entries(ERROR_RESPONSES).map(([name, description]) => [description as string, name]),
);

/** Puts each error answer's named component in its place; answers the names used. */
function shareErrorResponses(paths: Record<string, Record<string, { responses?: Record<string, Json> }>>) {
  const used = new Set<string>();
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const name = ERROR_RESPONSE_BY_TEXT.get(response.description as string);
        const schema = (response.content as Record<string, { schema?: Json }> | undefined)?.["application/json"]
          ?.schema;
        if (!name || schema?.$ref !== ERROR_REF.$ref) continue;
        operation.responses![status] = { $ref: `#/components/responses/${name}` };
        used.add(name);
      }
    }
  }
  return Object.fromEntries(
    [...used].sort().map((name) => [
      name,
      {
        description: ERROR_RESPONSES[name as ErrorResponseName],
        content: {
          "application/json": {
            schema: ERROR_REF,
            example: errorExample(ERROR_RESPONSE_EXAMPLES[name as ErrorResponseName]),
          },
        },
      },
    ]),
  );
}

const WEBHOOK_HEADERS = [
  ["webhook-id", "The event id, the same on every retry of the event: deduplicate on it"],
  ["webhook-timestamp", "When this attempt was signed (Unix seconds): refuse one older than a few minutes"],
  [
    "webhook-signature",
    "v1,<base64 HMAC-SHA256 of id.timestamp.body> with the endpoint's secret; during a secret rotation, two separated by a space",
  ],
] as const;

/**
 * OpenAPI 3.1's webhooks section: one operation per event type, its body a named schema, signed as
 * Standard Webhooks says. Answers the section and the schemas it names.
 */
function webhookSection(webhooks: NonNullable<OpenApiListener["webhooks"]>) {
  const schemas: Json = {};
  const section: Json = {};
  for (const [type, { schema, description, example }] of Object.entries(webhooks)) {
    const name = webhookEventComponentName(type);
    const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, { io: "output" }) as Json;
    schemas[name] = { ...jsonSchema, description: `${type}: ${description}` };
    section[type] = {
      post: {
        operationId: `${name.charAt(0).toLowerCase()}${name.slice(1)}`,
        summary: type,
        description,
        tags: ["webhooks"],
        security: [],
        parameters: WEBHOOK_HEADERS.map(([headerName, text]) => ({
          in: "header",
          name: headerName,
          required: true,
          description: text,
          schema: { type: "string" },
        })),
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: `#/components/schemas/${name}` }, example } },
        },
        responses: {
          "2XX": { description: "Received: any 2XX answer ends the retries of this event" },
          default: {
            description:
              "Not received: the event is retried with backoff, and the endpoint suspended after repeated failures",
          },
        },
      },
    };
  }
  return { schemas, section };
}

type MediaTypes = Record<string, Json> | undefined;

/**
 * Issue 36 §2: the example of each operation's request body and JSON answer, on its media type (where
 * documentation tools show it), from the route table entry the operation documents.
 */
function addExamples(paths: Record<string, Record<string, Json>>, table: Record<string, RouteDef>) {
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      const route = table[operation.operationId as string];
      if (!route) continue;
      const body = (operation.requestBody as { content?: MediaTypes } | undefined)?.content;
      const bodyType = route.bodyType === "form" ? "application/x-www-form-urlencoded" : "application/json";
      if (route.body && body?.[bodyType]) body[bodyType].example = requestExample(route);
      const answer = (operation.responses as Record<string, { content?: MediaTypes }>)[route.status]?.content;
      if (route.response && answer?.["application/json"]) answer["application/json"].example = responseExample(route);
    }
  }
}

function documentTransform(listener: OpenApiListener): SwaggerTransformObject {
  return (input) => {
    const webhooks = listener.webhooks ? webhookSection(listener.webhooks) : null;
    const built = jsonSchemaTransformObject(input) as Json & { components: Json & { schemas: Json } };
    const document = shareUuids({
      ...built,
      ...(webhooks ? { webhooks: webhooks.section } : {}),
      components: { ...built.components, schemas: { ...built.components.schemas, ...webhooks?.schemas } },
    }) as typeof built;
    const responses = shareErrorResponses(document.paths as never);
    addExamples(document.paths as never, listener.routes);
    const all: Json = {
      ...document.components.schemas,
      [UUID]: UUID_SCHEMA,
      [PDF_FILE]: { type: "string", format: "binary", contentMediaType: "application/pdf", description: "A PDF file" },
      [ZIP_FILE]: {
        type: "string",
        format: "binary",
        contentMediaType: "application/zip",
        description: "A zip archive of files",
      },
      [CSV_FILE]: { type: "string", contentMediaType: "text/csv", description: "A CSV file (UTF-8 with BOM)" },
      [IMAGE_FILE]: { type: "string", format: "binary", description: "A raster image (PNG or JPEG)" },
      [VIDEO_FILE]: { type: "string", format: "binary", contentMediaType: "video/webm", description: "A WebM video" },
    };
    // the zod registry is shared by both listeners and every schema of the process: keep only the
    // components this document reaches, so each listener's document holds its own schemas
    const prefix = "#/components/schemas/";
    const kept = new Set<string>();
    const pending = [...refsIn(document.paths), ...refsIn(responses), ...refsIn(document.webhooks ?? {})];
    while (pending.length) {
      const ref = pending.pop()!;
      const name = ref.startsWith(prefix) ? ref.slice(prefix.length) : null;
      if (!name || kept.has(name) || !(name in all)) continue;
      kept.add(name);
      pending.push(...refsIn(all[name]));
    }
    const used = new Set(Object.values(listener.routes).flatMap((route) => route.tags));
    return {
      ...document,
      tags: [...used].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
      components: {
        ...document.components,
        schemas: Object.fromEntries([...kept].sort().map((name) => [name, all[name]])),
        responses,
      },
    };
  };
}

/**
 * Registers the OpenAPI 3.1 document of one listener. Must run before its routes are registered
 * (the document is built from the routes as they are added).
 */
export async function registerOpenApi(app: FastifyInstance, listener: OpenApiListener) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: listener.title, version: listener.version, description: listener.description },
      // the document is served by the listener it describes: its paths are relative to that host
      servers: [{ url: "/", description: listener.serverDescription }],
      components: { securitySchemes: listener.securitySchemes },
    },
    transform: operationTransform(listener),
    transformObject: documentTransform(listener),
  });
}

/** The members' API: a bearer token, or the browser's session cookies plus the anti-forgery header on writes. */
export function apiDocument(input: {
  version: string;
  cookies: { payload: string; signature: string; csrf: string };
}): OpenApiListener {
  const cookieSession: SecurityRequirement = { sessionCookie: [], sessionSignatureCookie: [] };
  return {
    title: "Signet API",
    version: input.version,
    serverDescription: "The Signet API this document was fetched from (its /api/docs/json)",
    webhooks: Object.fromEntries(
      Object.entries(WEBHOOK_EVENT_SCHEMAS).map(([type, schema]) => [
        type,
        {
          schema,
          description: WEBHOOK_EVENT_DESCRIPTIONS[type as keyof typeof WEBHOOK_EVENT_DESCRIPTIONS],
          example: webhookEventExample(type as keyof typeof WEBHOOK_EVENT_SCHEMAS),
        },
      ]),
    ),
    description:
      "Electronic signing and transaction packages. Errors answer one body (the Error schema) with a stable code; quote its traceId to support.",
    routes,
    securitySchemes: {
      bearer: {
        type: "http",
        scheme: "bearer",
        bearerFormat: "JWT",
        description: "access_token from POST /cas/oauth/token",
      },
      sessionCookie: {
        type: "apiKey",
        in: "cookie",
        name: input.cookies.payload,
        description: "The web app's session, set by signing in with the cookie response format",
      },
      sessionSignatureCookie: {
        type: "apiKey",
        in: "cookie",
        name: input.cookies.signature,
        description: "The HttpOnly second half of the session cookie",
      },
      xsrfToken: {
        type: "apiKey",
        in: "header",
        name: HEADERS.csrf,
        description: `Anti-forgery token: the value of the ${input.cookies.csrf} cookie, required with the session cookies on every request but GET`,
      },
    },
    security: (route): SecurityRequirement[] | undefined =>
      route.auth === "none"
        ? undefined
        : [{ bearer: [] }, isWrite(route) ? { ...cookieSession, xsrfToken: [] } : cookieSession],
  };
}

/** The signing origin: the participant's session cookie, and the signing-room header on every write. */
export function signingOriginDocument(input: { version: string; sessionCookie: string }): OpenApiListener {
  return {
    title: "Signet signing room API",
    version: input.version,
    serverDescription: "The signing origin this document was fetched from (the signing room's host)",
    description:
      "The participants' API, served only on the signing origin. A session starts from a signing link token (POST /api/v1/signing/sessions).",
    routes: signingOriginRoutes,
    securitySchemes: {
      signingSession: {
        type: "apiKey",
        in: "cookie",
        name: input.sessionCookie,
        description: "The participant's signing session (HttpOnly), set when a signing link is opened",
      },
      signingRoomHeader: {
        type: "apiKey",
        in: "header",
        name: SIGNING_ROOM_HEADER,
        description: 'Must be "1" on every request but GET: another site cannot send it without a CORS preflight',
      },
    },
    security: (route): SecurityRequirement[] | undefined => {
      if (route.auth === "none") return isWrite(route) ? [{ signingRoomHeader: [] }] : undefined;
      return [isWrite(route) ? { signingSession: [], signingRoomHeader: [] } : { signingSession: [] }];
    },
  };
}
