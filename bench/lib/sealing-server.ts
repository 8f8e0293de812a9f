// Child process entry (see start-sealing-server.ts): the sealing work of one completed package
// behind HTTP, so the runner can load it like any target. The document — 50 pages of real-world
// fixtures (lib/build-fixture-pdf.ts) — and the seal credentials are made once at start, as the API
// unlocks its seal key once.
//
// GET /seal is the product's seal job, minus storage: the product's flattenDocument burns 100 tag
// fills (text and checks) and 10 signature/initials images into the document, sealPdf signs it
// (PAdES, the job's options), and the certificate of completion is rendered
// (renderCertificateOfCompletion, ~120 audit events) and sealed the same way.
//
// GET /stamp is the baseline, "stamping + save alone", what a person would write by hand with
// pdf-lib: load, the same 100 fills drawn with drawText (standard Helvetica, nothing embedded) and
// drawLine, the two PNGs embedded once and drawn 10 times, save without object streams (the cheaper
// save). No certificate, no signature, no Unicode font subset (which the product embeds so any
// name prints): issue 17 wants the seal at most 1.5× this.
//
// GET /seal-117 and GET /stamp-117 are the same two over the 117-page real-world stand-in with a
// few fills and a signature (sealing-117-workload.ts), without the certificate.
import Fastify from "fastify";
import { seal117, stamp117 } from "./sealing-117-workload.ts";
import { sealPackage, stampPackage } from "./sealing-workload.ts";
import { serveChild } from "./serve-child.ts";

const app = Fastify({ logger: false });

app.get("/seal", sealPackage);

app.get("/stamp", stampPackage);

app.get("/seal-117", seal117);

app.get("/stamp-117", stamp117);

await serveChild(app);
