// The reference print vendor's protocol (README.md) as a sender sees it: a real process on a free
// port, spoken to over HTTP, posting signed milestone callbacks to a receiver of the test's own,
// killed and restarted on its data directory.
import { createHash, createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type SpawnedReferencePrintVendor,
  spawnReferencePrintVendor,
} from "../src/testing/spawn-reference-print-vendor.ts";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function printSet(lines: string[], pages = 3) {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index++) {
    const page = pdf.addPage([612, 792]);
    const text = index === 0 ? lines : [`Page ${index + 1}`];
    for (const [row, line] of text.entries()) page.drawText(line, { x: 72, y: 700 - row * 14, size: 11, font });
  }
  return Buffer.from(await pdf.save());
}

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let vendor: SpawnedReferencePrintVendor;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
let refuseCallbacks = 0;

async function token(v = vendor) {
  const response = await fetch(`${v.url}/oauth/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${v.clientId}:${v.clientSecret}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function submit(key: string, body: unknown, v = vendor) {
  const response = await fetch(`${v.url}/print-jobs`, {
    method: "POST",
    headers: { authorization: `Bearer ${await token(v)}`, "idempotency-key": key, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the answer's shape is asserted by each test
  return { status: response.status, body: (await response.json()) as any };
}

const address = {
  name: "Pat Borrower",
  company: null,
  line1: "12 Elm Street",
  line2: null,
  city: "Dayton",
  state: "OH",
  postalCode: "45402",
  country: "US",
};

async function jobBody(reference: string, withReturn = true) {
  const bytes = await printSet(["Pat Borrower", "12 Elm Street", "Dayton OH 45402"]);
  return {
    reference,
    document: { contentType: "application/pdf", base64: bytes.toString("base64"), sha256: sha256(bytes) },
    recipient: address,
    returnAddress: { ...address, name: "Closing Department" },
    businessReturnEnvelope: withReturn
      ? { permitNumber: "12345", imb: null, address: { ...address, name: "Lender" } }
      : null,
    outboundCarrier: { code: "USPS", service: "First-Class" },
    returnCarrier: withReturn ? { code: "USPS", service: "First-Class" } : null,
    callbackUrl: `${receiverUrl}/callbacks`,
  };
}

const control = (path: string, method: string, body?: unknown) =>
  fetch(`${vendor.url}/_test/${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const eventsOf = (reference: string) =>
  received
    .map((entry) => JSON.parse(entry.body) as { reference: string; leg: string; code: string })
    .filter((event) => event.reference === reference)
    .map((event) => `${event.leg} ${event.code}`);

async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      if (refuseCallbacks > 0) {
        refuseCallbacks -= 1;
        response.writeHead(503).end();
        return;
      }
      received.push({ headers: request.headers, body });
      response.writeHead(200, { "content-type": "application/json" }).end('{"recorded":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  vendor = await spawnReferencePrintVendor();
});

afterAll(async () => {
  await vendor?.kill();
  await vendor?.removeDataDir();
  await new Promise((resolve) => receiver.close(resolve));
});

beforeEach(async () => {
  await control("faults", "DELETE");
});

describe("reference print vendor", () => {
  it("answers health and describes itself as OpenAPI", async () => {
    const health = await fetch(`${vendor.url}/health`);
    expect(await health.json()).toEqual({ ok: true, protocolVersion: "1" });
    const openapi = (await (await fetch(`${vendor.url}/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining(["/print-jobs", "/print-jobs/{jobId}", "/oauth/token"]),
    );
  });

  it("refuses a wrong secret and a missing token", async () => {
    const wrong = await fetch(`${vendor.url}/oauth/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from("signet:nope").toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    });
    expect(wrong.status).toBe(401);
    const anonymous = await fetch(`${vendor.url}/print-jobs/pj_1`);
    expect(anonymous.status).toBe(401);
  });

  it("accepts a job once per idempotency key, reads its pages, and refuses the key for another job", async () => {
    const body = await jobBody("mailing-1");
    const first = await submit("key-1", body);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ reference: "mailing-1", status: "READY", pageCount: 3 });
    const again = await submit("key-1", body);
    expect(again.status).toBe(200);
    expect(again.body.jobId).toBe(first.body.jobId);
    const other = await submit("key-1", { ...body, reference: "mailing-2" });
    expect(other.status).toBe(409);
    const seen = (await (await control("received", "GET")).json()) as {
      jobs: { jobId: string; pageCount: number; firstPageText: string | null }[];
    };
    const job = seen.jobs.find((candidate) => candidate.jobId === first.body.jobId)!;
    expect(job.pageCount).toBe(3);
    expect(job.firstPageText).toContain("12 Elm Street");
  });

  it("refuses bytes that are not the PDF the hash names", async () => {
    const body = await jobBody("mailing-bad");
    const refused = await submit("key-bad", { ...body, document: { ...body.document, sha256: "0".repeat(64) } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("hash_mismatch");
  });

  it("moves a job through its milestones and posts each, signed with the client secret", async () => {
    const { body } = await submit("key-walk", await jobBody("walk"));
    for (let step = 0; step < 5; step++) await control("advance", "POST", { jobId: body.jobId });
    await until(() => eventsOf("walk").length === 6, "six callbacks");
    expect(eventsOf("walk")).toEqual([
      "OUTBOUND READY",
      "OUTBOUND PRINTING",
      "OUTBOUND MAILED",
      "OUTBOUND DELIVERED",
      "RETURN MAILED",
      "RETURN DELIVERED",
    ]);
    const one = received.find((entry) => entry.body.includes('"walk"'))!;
    const timestamp = String(one.headers["x-print-timestamp"]);
    const expected = `v1=${createHmac("sha256", vendor.clientSecret).update(`${timestamp}.${one.body}`).digest("hex")}`;
    expect(one.headers["x-print-signature"]).toBe(expected);
    const polled = await fetch(`${vendor.url}/print-jobs/${body.jobId}`, {
      headers: { authorization: `Bearer ${await token()}` },
    });
    expect(((await polled.json()) as { status: string }).status).toBe("DELIVERED");
  });

  it("returns a job to sender when told to, and retries a refused callback", async () => {
    await control("faults", "POST", { step: "delivery", mode: "return-to-sender" });
    refuseCallbacks = 2;
    const { body } = await submit("key-rts", await jobBody("rts"));
    for (let step = 0; step < 3; step++) await control("advance", "POST", { jobId: body.jobId });
    await until(() => eventsOf("rts").includes("OUTBOUND RETURNED_TO_SENDER"), "the returned-to-sender callback");
    expect(eventsOf("rts")).toEqual([
      "OUTBOUND READY",
      "OUTBOUND PRINTING",
      "OUTBOUND MAILED",
      "OUTBOUND RETURNED_TO_SENDER",
    ]);
  });

  it("fails a submission on a fault and keeps its work on fail-after-commit", async () => {
    await control("faults", "POST", { step: "submit", mode: "fail" });
    expect((await submit("key-f", await jobBody("f"))).status).toBe(503);
    await control("faults", "POST", { step: "submit", mode: "fail-after-commit" });
    const body = await jobBody("fac");
    expect((await submit("key-fac", body)).status).toBe(500);
    const retried = await submit("key-fac", body);
    expect(retried.status).toBe(200);
    expect(retried.body.reference).toBe("fac");
  });

  it("keeps its jobs across a restart on the same data", async () => {
    const { body } = await submit("key-restart", await jobBody("restart"));
    await vendor.kill("SIGKILL");
    vendor = await spawnReferencePrintVendor({
      dataDir: vendor.dataDir,
      clients: [{ clientId: vendor.clientId, clientSecret: vendor.clientSecret }],
    });
    const polled = await fetch(`${vendor.url}/print-jobs/${body.jobId}`, {
      headers: { authorization: `Bearer ${await token()}` },
    });
    expect(polled.status).toBe(200);
    expect(((await polled.json()) as { reference: string }).reference).toBe("restart");
    const again = await submit("key-restart", await jobBody("restart"));
    expect(again.status).toBe(200);
  });
});
