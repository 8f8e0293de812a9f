// Child process entry (see start-child-server.ts): the sealing work of one document behind HTTP, so
// the runner can load it like any target. GET /seal flattens ten tag fills into the fixture and
// seals it (PAdES, the seal job's options); GET /rewrite is the baseline: pdf-lib load + save of the
// same bytes, the rewrite both flattening and sealing start from. The fixture and the credentials
// are loaded once at start, as the API unlocks its seal key once.
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { createDevelopmentSealP12, flattenDocument, loadSealCredentials, sealPdf, type TagFill } from "@signet/core";
import Fastify from "fastify";
import { signaturePng } from "./signature-png.ts";

// pdf-lib is a dependency of @signet/core, not of the bench (no install here): load core's copy.
// Only the two calls the baseline makes are typed.
interface PdfLib {
  PDFDocument: {
    load(
      pdf: Uint8Array,
      options?: { updateMetadata?: boolean },
    ): Promise<{
      save(options?: { useObjectStreams?: boolean }): Promise<Uint8Array>;
    }>;
  };
}
const fromBench = createRequire(import.meta.url);
const { PDFDocument } = createRequire(fromBench.resolve("@signet/core"))("pdf-lib") as PdfLib;

const fixture = new Uint8Array(await readFile(process.env.SEALING_FIXTURE_PDF ?? ""));
const password = randomBytes(12).toString("base64url");
const credentials = loadSealCredentials(createDevelopmentSealP12("Signet Bench Seal", password), password);
const png = signaturePng();

// Ten fills over the fixture's four pages, as a finished borrower's tags: signature and initials
// images (one PNG, embedded once), text values, checked boxes.
const box = (page: number, x: number, y: number, width: number, height: number) => ({ page, x, y, width, height });
const FILLS: TagFill[] = [
  { kind: "text", ...box(1, 72, 120, 140, 20), text: "LN-2024-004211" },
  { kind: "text", ...box(1, 72, 160, 200, 20), text: "Harbor Freight Logistics" },
  { kind: "check", ...box(1, 72, 210, 14, 14) },
  { kind: "text", ...box(1, 72, 260, 140, 20), text: "Primary residence" },
  { kind: "check", ...box(2, 72, 120, 14, 14) },
  { kind: "check", ...box(2, 72, 270, 14, 14) },
  { kind: "image", ...box(3, 480, 760, 48, 30), png },
  { kind: "image", ...box(4, 72, 600, 160, 36), png },
  { kind: "text", ...box(4, 260, 610, 100, 20), text: "2024-05-14" },
  { kind: "text", ...box(4, 72, 650, 160, 20), text: "Ada Okafor" },
];

const app = Fastify({ logger: false });

app.get("/seal", async () => {
  const flattened = await flattenDocument(fixture, FILLS);
  const sealed = await sealPdf(flattened, credentials, {
    reason: "Signed electronically: Okafor refinance (bench)",
    name: "Signet for Bench Organization",
    location: "http://127.0.0.1",
    signingTimeAttribute: false,
  });
  return { bytes: sealed.length };
});

app.get("/rewrite", async () => {
  const document = await PDFDocument.load(fixture, { updateMetadata: false });
  const saved = await document.save({ useObjectStreams: false });
  return { bytes: saved.length };
});

let closing = false;
async function shutDown() {
  if (closing) return;
  closing = true;
  await app.close().catch(() => {});
  process.exit(0);
}
process.once("SIGTERM", () => void shutDown());
// the orchestrator died or let go: never outlive it
process.once("disconnect", () => void shutDown());

const address = await app.listen({ host: "127.0.0.1", port: 0 });
if (!process.connected) await shutDown();
process.send?.({ type: "listening", url: address }, undefined, {}, (error) => {
  if (error) void shutDown();
});
