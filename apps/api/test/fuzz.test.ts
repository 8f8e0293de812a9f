import { randomUUID } from "node:crypto";
import { HEADERS, SIGNING_ROOM_HEADER } from "@signet/contract";
import { createTestDatabase, type TestDatabase } from "@signet/core/testing";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ListedRoute } from "../src/plugins/route-list.ts";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { type ApiProcess, spawnApiProcess } from "./support/api-process.ts";
import { FAKE_IDS, type FuzzWorld, type IdSet, paramKey, seedFuzzWorld } from "./support/fuzz-fixtures.ts";
import { jsonSchemaOf, schemaValue, withPlantedText } from "./support/schema-arbitrary.ts";
import { signedIn } from "./support/signed-in.ts";
import type { SigningClient } from "./support/signing-fixtures.ts";
import { cookieHeader } from "./support/signing-room-helpers.ts";
import { startTestApp } from "./support/test-app.ts";

// Issue 10 §1, issue 29 §2: no request can make the API fail. The API runs as a process of its own
// (as `pnpm start` runs it), on a database holding one organization with one object of every kind
// (packages in each status, templates, webhooks, eVaults, closing centers, mailings, A/V sessions…),
// and every route registered on both listeners is sent generated bad input (fast-check, fixed seed,
// a bounded number of cases per route) with the ids of those objects in its path, so that each case
// gets past the route's lookups. Each case holds at least one thing no route may accept (a NUL or a
// lone surrogate in some text, bytes that are not UTF-8, JSON nested too deep, a body that does not
// parse or is cut short, a content type the route does not take), so every answer must be a 4xx: a
// 5xx, a 2xx, a hang, any row of the database changed by the refused requests, or the process
// exiting or restarting fails the suite. The routes are read from the listeners themselves, so a
// new route is walked without being listed here; a path parameter without a real id fails the
// coverage test until the world holds one (or FAKE_IDS says why it cannot).

const SEED = 20_261_129;
const CASES_PER_ROUTE = 40;
const REQUEST_TIMEOUT_MS = 10_000;
/** Requests of one route in flight at once (they are all refused, so their order does not matter). */
const PARALLEL = 8;

/** Files served as they are (the built front ends and the API explorer's assets): they read no input. */
const STATIC_FILE = /^\/(assets\/|index\.html$|favicon|api\/docs\/static\/)/;

/** Columns a refused request may still touch: the coarse idle-timeout clock of the session that sent it. */
const VOLATILE_COLUMNS = ["lastSeenAt"];

type Variant = keyof FuzzWorld["variants"];

interface Target extends ListedRoute {
  listener: "api" | "signing";
  bodyKeys: string[];
  queryKeys: string[];
  bodySchema: ReturnType<typeof jsonSchemaOf>;
  querySchema: ReturnType<typeof jsonSchemaOf>;
}

interface BadRequest {
  kind: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

interface Failure {
  route: string;
  kind: string;
  request: string;
  status: number | "hang" | "network" | "exit";
  body: string;
}

let database: TestDatabase;
let api: ApiProcess;
let world: FuzzWorld;
let routeTable: Target[];
let adminCookies: () => Record<string, string>;
let participantCookies: () => Record<string, string>;
let ensureSessions: () => Promise<void>;

/** The routes with their zod schemas, read from the same API built in this process (its listeners are not used). */
async function readRouteTable(): Promise<Target[]> {
  const reader = await startTestApp({ ...ACCESS_TEST_ENV });
  try {
    const listeners = [
      { listener: "api" as const, instance: reader.server.app },
      { listener: "signing" as const, instance: reader.server.signingRoom!.app },
    ];
    return listeners.flatMap(({ listener, instance }) =>
      instance.routeList
        .filter((route) => !STATIC_FILE.test(route.url))
        .map((route) => ({
          ...route,
          listener,
          bodyKeys: keysOf(route.schema?.body),
          queryKeys: keysOf(route.schema?.querystring),
          bodySchema: jsonSchemaOf(route.schema?.body),
          querySchema: jsonSchemaOf(route.schema?.querystring),
        })),
    );
  } finally {
    await reader.close();
  }
}

beforeAll(async () => {
  routeTable = await readRouteTable();
  database = await createTestDatabase();
  api = await spawnApiProcess({ ...ACCESS_TEST_ENV, DATABASE_URL: database.url });
  world = await seedFuzzWorld(database.db, api.url, api.signingUrl);
  let admin = world.admin;
  let room: SigningClient = world.room;
  adminCookies = () => ({ cookie: cookieHeader(admin), [HEADERS.csrf]: admin.jar.get(admin.csrfCookie) ?? "" });
  participantCookies = () => ({ cookie: cookieHeader(room), [SIGNING_ROOM_HEADER]: "1" });
  // a case that wrongly ends a session is reported by its route; the walk goes on signed in
  ensureSessions = async () => {
    if ((await admin.get("/api/v1/users/me/organizations")).status !== 200) {
      admin = await signedIn(api.url, world.adminEmail);
    }
    if ((await room.room()).status !== 200) room = await world.reopenRoom().catch(() => room);
  };
  // work the setup queued (invitations, sealing, audit) must be done before rows are compared
  await waitForQuietOutbox();
}, 150_000);

afterAll(async () => {
  await api?.stop();
  await database?.drop();
});

async function waitForQuietOutbox() {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const pending = await database.db.outboxMessage.count({ where: { processedAt: null } });
    if (pending === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const pending = await database.db.outboxMessage.findMany({
    where: { processedAt: null },
    select: { queue: true, jobName: true, availableAt: true, attempts: true, lastError: true },
  });
  throw new Error(`the outbox did not drain: ${JSON.stringify(pending)}`);
}

/** A fingerprint of every row of every table (volatile columns left out). */
async function databaseFingerprint(): Promise<Map<string, string>> {
  const db = database.db;
  const tables = await db.$queryRawUnsafe<{ name: string }[]>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
  );
  const strip = VOLATILE_COLUMNS.map((column) => ` - '${column}'`).join("");
  const union = tables
    .map(
      ({ name }) =>
        `SELECT '${name}' AS name, count(*)::text || ':' || coalesce(md5(string_agg(md5((to_jsonb(t)${strip})::text), '' ORDER BY md5((to_jsonb(t)${strip})::text))), '') AS print FROM "${name}" t`,
    )
    .join(" UNION ALL ");
  const rows = await db.$queryRawUnsafe<{ name: string; print: string }[]>(union);
  return new Map(rows.map((row) => [row.name, row.print]));
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([name, print]) => before.get(name) !== print).map(([name]) => name);
}

// ---- what bad input is made of ----

/** Text with a NUL, which no route may store: the one such text any channel (URL, form, multipart) can carry. */
const nulText = fc.constantFrom("\u0000", "a\u0000b", "name\u0000.pdf", "\u0000\u0000\u0000");
/**
 * Text no route may store, for JSON, whose escapes can carry lone surrogates too (a raw UTF-8 body
 * cannot: the sender's encoder turns them into U+FFFD, which is valid text).
 */
const poison = fc.oneof(nulText, fc.constantFrom("\uD800", "x\uDFFFy", "\uDBFF", "\uDC00\uD800"));
/** Ordinary hostile text, which may or may not be valid for a field. */
const hostileText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 12 }),
  fc.constantFrom(
    "",
    " ",
    "' OR '1'='1",
    "../../etc/passwd",
    "<script>alert(1)</script>",
    "\r\nX-Injected: 1",
    "%00",
    "00000000-0000-0000-0000-000000000000",
    "9".repeat(400),
    "𝕏".repeat(300),
    "Zażółć gęślą jaźń – 王小明",
  ),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(1e308, -1, 0, 2 ** 53 + 1, true, false, null),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(hostileText, hostileText, { maxKeys: 3 }),
);

/** Puts `bad` somewhere in `value`: as a field's value, inside an array, deeper, or as a key. */
function plant(value: Record<string, unknown>, keys: string[], bad: string, where: number): Record<string, unknown> {
  const key = keys.length > 0 ? keys[where % keys.length]! : "field";
  switch (where % 5) {
    case 0:
      return { ...value, [key]: bad };
    case 1:
      return { ...value, [key]: ["ok", bad] };
    case 2:
      return { ...value, [key]: { nested: { deeper: bad } } };
    case 3:
      return { ...value, [bad]: "value" };
    default:
      return { ...value, [key]: `${bad}${"x".repeat(where % 7)}` };
  }
}

function poisonedObject(keys: string[]) {
  return fc
    .tuple(fc.dictionary(fc.constantFrom(...(keys.length > 0 ? keys : ["name"])), hostileValue), poison, fc.nat())
    .map(([value, bad, where]) => plant(value, keys, bad, where));
}

const BROKEN_JSON = ['{"name":', "{", "[1,", '{"a" 1}', "nul", "{'a':1}", '{"a":"x"}}', "\u0000"];

function multipartBody(boundary: string, parts: string[]): Buffer {
  return Buffer.from(`${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join("")}--${boundary}--\r\n`);
}

const pdfPart = (name: string, fileName: string) =>
  `Content-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF`;

/** Multipart bodies that must be refused: broken framing, or storable-looking parts holding bad text. */
const badMultipart = fc.tuple(fc.nat({ max: 8 }), nulText).map(([variant, bad]): { type: string; body: Buffer } => {
  const boundary = "----signetfuzz";
  const type = `multipart/form-data; boundary=${boundary}`;
  switch (variant) {
    case 0:
      return { type: "multipart/form-data", body: multipartBody(boundary, [pdfPart("file", "a.pdf")]) };
    case 1:
      return { type: "multipart/form-data; boundary=other", body: multipartBody(boundary, [pdfPart("file", "a.pdf")]) };
    case 2:
      return { type, body: multipartBody(boundary, [pdfPart("contents", "a.pdf")]).subarray(0, 60) };
    case 3:
      return { type, body: multipartBody(boundary, [pdfPart("file", bad)]) };
    case 4:
      return { type, body: multipartBody(boundary, [pdfPart("contents", bad)]) };
    case 5:
      return {
        type,
        body: multipartBody(boundary, [
          `Content-Disposition: form-data; name="documentProperties"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify({ name: `x\uD800${bad}` })}`,
          pdfPart("contents", "a.pdf"),
        ]),
      };
    case 6:
      return {
        type,
        body: multipartBody(boundary, [
          `Content-Disposition: form-data; name="password"\r\n\r\n${bad}`,
          pdfPart("file", "a.p12"),
        ]),
      };
    case 7:
      // a configuration archive (import-export) that is no zip, under a name that cannot be stored
      return {
        type,
        body: multipartBody(boundary, [
          `Content-Disposition: form-data; name="archive"; filename="config${bad}.zip"\r\nContent-Type: application/zip\r\n\r\nPK\u0003\u0004broken`,
          `Content-Disposition: form-data; name="fingerprint"\r\n\r\n${bad}`,
        ]),
      };
    default:
      return {
        type,
        body: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"\r\n\r\nunterminated`),
      };
  }
});

/** The part names the upload routes read, and some they do not. */
const PART_NAMES = ["contents", "file", "documentProperties", "archive", "fingerprint", "password", "chunk"];
const STRAY_PART_NAMES = ["unexpected", "contents2", "", "file[]", "__proto__", "a".repeat(300)];

/**
 * A multipart body of parts the routes read and parts they do not, in any order, with extra file
 * parts, cut at a random offset: the closing boundary never arrives, so no route may take it.
 */
const cutMultipart = fc
  .tuple(
    fc.array(
      fc.record({
        name: fc.constantFrom(...PART_NAMES, ...STRAY_PART_NAMES),
        file: fc.boolean(),
        bytes: fc.nat({ max: 24 * 1024 }),
        type: fc.constantFrom("application/pdf", "application/json", "text/plain", "image/png", "application/zip"),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
    fc.constantFrom("----signetfuzz", "x", "b".repeat(70)),
  )
  .map(([parts, cut, boundary]) => {
    const whole = Buffer.concat([
      ...parts.map(({ name, file, bytes, type }) =>
        Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${name || "x"}.bin"` : ""}\r\nContent-Type: ${type}\r\n\r\n`,
          ),
          type === "application/json"
            ? Buffer.from('{"name":"Note","executionType":"E_SIGN"}')
            : Buffer.alloc(bytes, 0x25),
          Buffer.from("\r\n"),
        ]),
      ),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    // before the closing boundary's last byte, wherever that is
    const end = Math.floor(cut * (whole.length - 3));
    return { type: `multipart/form-data; boundary=${boundary}`, body: whole.subarray(0, end) };
  });

/** JSON nested far deeper than any route reads (the parser's limit is 64), in arrays or objects. */
const deepJson = (keys: string[]) =>
  fc
    .tuple(fc.constantFrom(...(keys.length > 0 ? keys : ["name"])), fc.integer({ min: 200, max: 2_500 }), fc.boolean())
    .map(([key, depth, arrays]) => {
      const [open, close] = arrays ? ["[", "]"] : ['{"a":', "}"];
      return `{"${key}":${open.repeat(depth)}1${close.repeat(depth)}}`;
    });

/** Byte sequences no UTF-8 decoder may accept: a stray byte, a cut sequence, an overlong form, an encoded surrogate. */
const INVALID_UTF8 = [
  [0xff],
  [0xc3, 0x28],
  [0xe2, 0x82],
  [0xc0, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
];
const UTF8_MARK = "ZZinvalidZZ";

/** JSON text with `mark` replaced by bytes that are not UTF-8. */
function withInvalidUtf8(json: string, bytes: number[]): Buffer {
  const at = json.indexOf(UTF8_MARK);
  if (at < 0) return Buffer.concat([Buffer.from(json), Buffer.from(bytes)]);
  return Buffer.concat([
    Buffer.from(json.slice(0, at)),
    Buffer.from(bytes),
    Buffer.from(json.slice(at + UTF8_MARK.length)),
  ]);
}

/**
 * An array of 100,000 elements (within the body limits of both listeners) with one NUL text among
 * them, under a key of the route or as the whole body: the text rule must walk it all, and fast.
 */
const hugeArray = (keys: string[]) =>
  fc
    .tuple(
      fc.constantFrom(...keys, null),
      fc.constantFrom("0", '""', "{}", "null"),
      fc.integer({ min: 0, max: 99_999 }),
      nulText,
    )
    .map(([key, item, at, bad]) => {
      const items = new Array<string>(100_000).fill(item);
      items[at] = JSON.stringify(bad);
      const array = `[${items.join(",")}]`;
      return key === null ? array : `{${JSON.stringify(key)}:${array}}`;
    });

/** Content types a JSON route does not take, or takes under a name it must still read as JSON. */
const WRONG_CONTENT_TYPES = [
  "text/plain",
  "application/xml",
  "application/octet-stream",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=x",
  "application/json; charset=utf-16",
  "application/json; charset=latin1",
  "APPLICATION/JSON",
  "application/json;;;",
  "application/vnd.api+json",
  "text/json",
  "*/*",
  "",
];

const pathParams = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!);

/** Fresh ids for the parameters FAKE_IDS lists (and, until the coverage test is met, any other). */
const fakeIds = new Map<string, string>();
const fakeId = (key: string) => fakeIds.get(key) ?? fakeIds.set(key, randomUUID()).get(key)!;

/** The packages a route is walked with: each status where all its ids exist, else the sent one with fresh ids. */
function variantsOf(target: Target): Variant[] {
  if (target.listener === "signing") return ["sent"];
  const keys = pathParams(target.url).map((param) => paramKey(target.url, param));
  const all = Object.keys(world.variants) as Variant[];
  const complete = all.filter((variant) => keys.every((key) => key in world.variants[variant]));
  if (complete.length === 0) return ["sent"];
  return keys.includes("packages/:packageId") ? complete : [complete.includes("sent") ? "sent" : complete[0]!];
}

function fillPath(url: string, ids: IdSet, override?: { param: string; value: string }) {
  return url.replace(/:(\w+)/g, (_, name: string) => {
    if (override?.param === name) return override.value;
    const key = paramKey(url, name);
    return encodeURIComponent(ids[key] ?? fakeId(key));
  });
}

function query(entries: [string, string][]) {
  return `?${entries.map(([key, value]) => `${encodeURIComponent(key)}=${value}`).join("&")}`;
}

/** A flat object as URL-encoded pairs (arrays repeat their key), e.g. for a query string or a form. */
function urlEncoded(value: unknown): string {
  const pairs = new URLSearchParams();
  const entries: [string, unknown][] =
    value !== null && typeof value === "object" ? Object.entries(value) : [["value", value]];
  for (const [key, item] of entries) {
    for (const one of Array.isArray(item) ? item : [item]) {
      pairs.append(key, typeof one === "object" && one !== null ? JSON.stringify(one) : String(one));
    }
  }
  return pairs.toString();
}

/** Real ids for id fields of bodies and queries, by their key. */
function idsByKey(ids: IdSet): Record<string, string> {
  const byName = Object.fromEntries(Object.entries(ids).map(([key, value]) => [key.split(":")[1]!, value]));
  return {
    ...byName,
    // an organization's group, not a data-collection group, is what most bodies name
    groupId: ids["groups/:groupId"]!,
    groupIds: ids["groups/:groupId"]!,
    userIds: ids["users/:userId"]!,
    roleIds: ids["roles/:roleId"]!,
    documentIds: ids["documents/:documentId"]!,
    participantIds: ids["participants/:participantId"]!,
  };
}

/** The generated bad requests of one route, with the ids of one package and the organization in its path. */
function badRequests(target: Target, ids: IdSet): fc.Arbitrary<BadRequest> {
  const auth = () => (target.listener === "api" ? adminCookies() : participantCookies());
  const withBody = target.method !== "GET";
  const params = pathParams(target.url);
  const path = fillPath(target.url, ids);
  const keys = target.bodyKeys.length > 0 ? target.bodyKeys : ["name"];
  const kinds: fc.Arbitrary<BadRequest>[] = [
    // a NUL in the query string (the only text a URL can carry that no route may store)
    fc
      .tuple(
        fc.constantFrom(...(target.queryKeys.length > 0 ? target.queryKeys : ["q"])),
        fc.constantFrom("%00", "a%00b"),
      )
      .map(([key, value]) => ({
        kind: "query-nul",
        method: target.method,
        path: path + query([[key, value]]),
        headers: auth(),
      })),
  ];
  if (target.querySchema) {
    kinds.push(
      fc
        .tuple(schemaValue(target.querySchema, { idsByKey: idsByKey(ids) }), nulText, fc.nat())
        .map(([value, bad, pick]) => ({
          kind: "query-valid-nul",
          method: target.method,
          path: `${path}?${urlEncoded(withPlantedText(value, bad, pick))}`,
          headers: auth(),
        })),
    );
  }
  if (params.length > 0) {
    kinds.push(
      fc
        .tuple(fc.constantFrom(...params), fc.constantFrom("%00", "a%00b", `${world.orgId}%00`))
        .map(([param, value]) => ({
          kind: "path-nul",
          method: target.method,
          path: fillPath(target.url, ids, { param, value }),
          headers: auth(),
        })),
    );
  }
  if (withBody && target.bodySchema) {
    const valid = schemaValue(target.bodySchema, { idsByKey: idsByKey(ids) });
    const plantedJson = fc.tuple(valid, poison, fc.nat()).map(([value, bad, pick]) => ({
      kind: "json-valid-poisoned",
      method: target.method,
      path,
      headers: { ...auth(), "content-type": "application/json" },
      body: JSON.stringify(withPlantedText(value, bad, pick)),
    }));
    // weighted: a valid body with one bad string is what reaches deepest
    kinds.push(plantedJson, plantedJson);
    kinds.push(
      fc.tuple(valid, nulText, fc.nat()).map(([value, bad, pick]) => ({
        kind: "form-valid-nul",
        method: target.method,
        path,
        headers: { ...auth(), "content-type": "application/x-www-form-urlencoded" },
        body: urlEncoded(withPlantedText(value, bad, pick)),
      })),
      fc.tuple(valid, fc.nat(), fc.constantFrom(...INVALID_UTF8)).map(([value, pick, bytes]) => ({
        kind: "json-valid-invalid-utf8",
        method: target.method,
        path,
        headers: { ...auth(), "content-type": "application/json" },
        body: withInvalidUtf8(JSON.stringify(withPlantedText(value, UTF8_MARK, pick)), bytes),
      })),
      fc.tuple(valid, nulText, fc.nat(), fc.constantFrom(...WRONG_CONTENT_TYPES)).map(([value, bad, pick, type]) => ({
        kind: "wrong-content-type",
        method: target.method,
        path,
        headers: { ...auth(), "content-type": type },
        // the NUL raw, not as a JSON escape, which a parser of another type reads as plain text
        body: JSON.stringify(withPlantedText(value, bad, pick)).replaceAll("\\u0000", "\u0000"),
      })),
    );
  }
  if (withBody) {
    kinds.push(
      poisonedObject(target.bodyKeys).map((value) => ({
        kind: "json-poison",
        method: target.method,
        path,
        headers: { ...auth(), "content-type": "application/json" },
        body: JSON.stringify(value),
      })),
      fc.constantFrom(...BROKEN_JSON).map((text) => ({
        kind: "json-broken",
        method: target.method,
        path,
        headers: { ...auth(), "content-type": "application/json" },
        body: text,
      })),
      fc
        .tuple(nulText, fc.constantFrom("text/plain", "application/octet-stream", "application/xml"))
        .map(([bad, type]) => ({
          kind: "other-content-type",
          method: target.method,
          path,
          headers: { ...auth(), "content-type": type },
          body: `text ${bad}`,
        })),
      fc.tuple(fc.constantFrom(...keys.concat("username")), fc.constantFrom("a%00b", "%00")).map(([key, value]) => ({
        kind: "form-nul",
        method: target.method,
        path,
        headers: { ...auth(), "content-type": "application/x-www-form-urlencoded" },
        body: `${encodeURIComponent(key)}=${value}&password=x&grant_type=password`,
      })),
      badMultipart.map(({ type, body }) => ({
        kind: "multipart-bad",
        method: target.method,
        path,
        headers: { ...auth(), "content-type": type },
        body,
      })),
      cutMultipart.map(({ type, body }) => ({
        kind: "multipart-cut",
        method: target.method,
        path,
        headers: { ...auth(), "content-type": type },
        body,
      })),
      deepJson(keys).map((body) => ({
        kind: "json-deep",
        method: target.method,
        path,
        headers: { ...auth(), "content-type": "application/json" },
        body,
      })),
      fc.tuple(poisonedObject(target.bodyKeys), fc.constantFrom(...INVALID_UTF8)).map(([value, bytes]) => ({
        kind: "json-invalid-utf8",
        method: target.method,
        path,
        headers: { ...auth(), "content-type": "application/json" },
        body: withInvalidUtf8(JSON.stringify(value).replace(/"(?=[,}\]])/, `${UTF8_MARK}"`), bytes),
      })),
    );
  }
  // about one per route: each is a body of up to 500 kB
  const rare = withBody
    ? [
        hugeArray(keys).map((body) => ({
          kind: "json-huge-array",
          method: target.method,
          path,
          headers: { ...auth(), "content-type": "application/json" },
          body,
        })),
      ]
    : [];
  return fc.oneof(
    ...kinds.map((arbitrary) => ({ arbitrary, weight: 3 })),
    ...rare.map((arbitrary) => ({ arbitrary, weight: 1 })),
  );
}

/** The cases of one route: CASES_PER_ROUTE in all, taking the route's package variants in turn. */
function casesOf(target: Target, index: number): BadRequest[] {
  const variants = variantsOf(target);
  const per = Math.ceil(CASES_PER_ROUTE / variants.length);
  const samples = variants.map((variant, v) =>
    fc.sample(badRequests(target, world.variants[variant]), { seed: SEED + index * 8 + v, numRuns: per }),
  );
  return Array.from(
    { length: CASES_PER_ROUTE },
    (_, i) => samples[i % variants.length]![Math.floor(i / variants.length)]!,
  );
}

async function send(
  target: Target,
  request: BadRequest,
): Promise<{ status: number | "hang" | "network"; body: string }> {
  const baseUrl = target.listener === "api" ? api.url : api.signingUrl;
  try {
    const response = await fetch(`${baseUrl}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body:
        typeof request.body === "string" || request.body === undefined ? request.body : new Uint8Array(request.body),
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    return { status: response.status, body: (await response.text()).slice(0, 300) };
  } catch (error) {
    return { status: (error as Error).name === "TimeoutError" ? "hang" : "network", body: String(error) };
  }
}

const describeRequest = (request: BadRequest) =>
  `${request.method} ${request.path} ${request.headers["content-type"] ?? ""} ${JSON.stringify(String(request.body ?? "").slice(0, 160))}`;

/** Top-level keys of a zod schema as JSON Schema sees it (none when it is not an object). */
function keysOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (shape && typeof shape === "object") return Object.keys(shape);
  const inner = (schema as { in?: unknown; def?: { in?: unknown; innerType?: unknown } } | undefined)?.def;
  return inner ? keysOf(inner.in ?? inner.innerType) : [];
}

/** The process still runs as the one started (same pid, never restarted) and answers /ready. */
async function processProblem(): Promise<string | null> {
  if (!api.alive()) return `the API process exited (${api.process.exitCode ?? api.process.signalCode})`;
  if (api.process.pid !== api.pid) return `the API process changed from pid ${api.pid} to ${api.process.pid}`;
  const starts = api.output().split("Signet is running at").length - 1;
  if (starts !== 1) return `the API process started ${starts} times`;
  const ready = await api.ready();
  return ready === 200 ? null : `GET /ready answered ${ready}`;
}

describe("fuzz: bad input never fails the API", () => {
  it("has a real id for every path parameter but those FAKE_IDS lists, with why", () => {
    const faked = new Set<string>();
    const missing: string[] = [];
    for (const target of routeTable) {
      for (const variant of variantsOf(target)) {
        for (const param of pathParams(target.url)) {
          const key = paramKey(target.url, param);
          if (key in world.variants[variant]) continue;
          faked.add(key);
          if (!(key in FAKE_IDS)) missing.push(`${target.method} ${target.url}: ${key}`);
        }
      }
    }
    expect(missing, "give the fuzz world an object for these (support/fuzz-fixtures.ts)").toEqual([]);
    expect([...faked].sort()).toEqual(Object.keys(FAKE_IDS).sort());
    const withParams = routeTable.filter((target) => pathParams(target.url).length > 0);
    const real = withParams.filter((target) =>
      pathParams(target.url).every((param) => !(paramKey(target.url, param) in FAKE_IDS)),
    );
    console.info(
      `fuzz: ${real.length} of ${withParams.length} routes with path parameters walked with real ids only; fresh ids: ${Object.keys(FAKE_IDS).join(", ") || "none"}`,
    );
  });

  it("walks every route of both listeners, the route table's included", () => {
    expect(routeTable.filter((target) => target.listener === "api").length).toBeGreaterThan(300);
    expect(routeTable.filter((target) => target.listener === "signing").length).toBeGreaterThan(30);
    const urls = new Set(routeTable.map((target) => `${target.method} ${target.url}`));
    for (const required of ["POST /cas/oauth/token", "POST /api/v1/seal-verifications", "GET /metrics"]) {
      expect(urls, required).toContain(required);
    }
  });

  it(`answers ${CASES_PER_ROUTE} bad requests per route with a 4xx, never a 5xx, a hang, a changed row or an exit`, async () => {
    const failures: Failure[] = [];
    let sent = 0;
    const statuses = new Map<string, number>();
    let rows = await databaseFingerprint();
    let signedOut = false;
    for (const [index, target] of routeTable.entries()) {
      const route = `${target.listener} ${target.method} ${target.url}`;
      if (signedOut) {
        // signing in again writes rows of its own: they are not this route's
        await ensureSessions();
        rows = await databaseFingerprint();
      }
      const cases = casesOf(target, index);
      signedOut = false;
      for (let start = 0; start < cases.length; start += PARALLEL) {
        const batch = cases.slice(start, start + PARALLEL);
        const answers = await Promise.all(batch.map((request) => send(target, request)));
        for (const [i, answer] of answers.entries()) {
          const request = batch[i]!;
          sent++;
          statuses.set(`${answer.status}`, (statuses.get(`${answer.status}`) ?? 0) + 1);
          signedOut ||= answer.status === 401;
          const refused = typeof answer.status === "number" && answer.status >= 400 && answer.status < 500;
          // a route the process does not serve answers Fastify's own 404: then nothing was walked
          const unserved = answer.status === 404 && answer.body.includes(`Route ${target.method}:`);
          if (!refused || unserved) {
            failures.push({ route, kind: request.kind, request: describeRequest(request), ...answer });
          }
        }
      }
      const problem = await processProblem();
      if (problem) {
        failures.push({
          route,
          kind: "process",
          request: "(the case that got no answer)",
          status: "exit",
          body: problem,
        });
        console.error(api.output().slice(-3000));
        break;
      }
      // the rows after this route are the rows before the next one
      const after = await databaseFingerprint();
      const changed = changedTables(rows, after);
      rows = after;
      if (changed.length > 0) {
        failures.push({
          route,
          kind: "rows",
          request: "(all cases)",
          status: 0,
          body: `changed: ${changed.join(", ")}`,
        });
      }
    }
    const histogram = [...statuses].sort().map(([status, count]) => `${status}: ${count}`);
    console.info(
      `fuzz: ${routeTable.length} routes, ${sent} requests, ${failures.length} failures (${histogram.join(", ")})`,
    );
    expect(failures).toEqual([]);
    expect(sent).toBe(routeTable.length * CASES_PER_ROUTE);
  }, 600_000);
});
