import { SIGNING_ROOM_HEADER } from "@signet/contract";
import { pngDataUrl, signaturePng } from "../signature-png.ts";
import type { RequestLog } from "./request-log.ts";
import type { WebhookCounter } from "./webhook-counter.ts";

/** Everything a journey needs, made once by the soak's setup. */
export interface JourneyContext {
  apiUrl: string;
  /** the participants' listener */
  signingUrl: string;
  organizationId: string;
  groupId: string;
  sender: { email: string; password: string };
  /** the sender's session, shared by the journeys: a new sign-in once it has served signInEvery of them */
  session: { token: string | null; journeys: number };
  signInEvery: number;
  /** the uploaded document (a real fixture PDF) */
  pdf: Blob;
  /** the code printed in the participant's consent PDF; the bench derives it instead of reading the PDF */
  consentCode(participantId: string): string;
  webhooks: WebhookCounter;
  log: RequestLog;
}

/** A request that did not answer as expected: already counted in the log, it ends the journey. */
class StepFailed extends Error {}

const REQUEST_TIMEOUT_MS = 60_000;
/** from the participant's finish to the package.sealed webhook, on a loaded machine */
const SEAL_TIMEOUT_MS = 180_000;
const SIGNATURE = pngDataUrl(signaturePng(240, 60));
const INITIALS = pngDataUrl(signaturePng(90, 40));

// the borrower's tags: signature, initials, a date and a text field over the fixture's pages
const TAGS = [
  { type: "SIGNATURE", page: 4, x: 72, y: 600, width: 160, height: 36 },
  { type: "DATE_SIGNED", page: 4, x: 260, y: 610, width: 100, height: 20 },
  { type: "INITIALS", page: 2, x: 480, y: 760, width: 48, height: 30 },
  { type: "TEXT", page: 1, x: 72, y: 120, width: 140, height: 20, label: "Loan number" },
] as const;

let journeys = 0;

/** One timed request: 2xx answers its JSON (or nothing), anything else is logged by kind and ends the journey. */
async function call<T>(log: RequestLog, kind: string, url: string, init: RequestInit & { expect: number }) {
  const started = performance.now();
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    text = await response.text();
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    log.error(kind, name === "TimeoutError" ? "timeout" : "network", true, cause);
    throw new StepFailed(kind);
  }
  if (response.status !== init.expect) {
    log.error(kind, `HTTP ${response.status}`, true, text.slice(0, 300));
    throw new StepFailed(`${kind}: ${response.status} ${text.slice(0, 200)}`);
  }
  log.ok(kind, performance.now() - started);
  const json = text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : null;
  return { body: json as T, headers: response.headers };
}

/** The sender's bearer token: signs in (argon2) when there is none yet or it has served its journeys. */
async function senderToken(context: JourneyContext): Promise<string> {
  const { session } = context;
  if (session.token === null || session.journeys >= context.signInEvery) {
    const answer = await call<{ access_token: string }>(context.log, "sign-in", `${context.apiUrl}/cas/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "password",
        client_id: "signet-web",
        username: context.sender.email,
        password: context.sender.password,
      }),
      expect: 200,
    });
    session.token = answer.body.access_token;
    session.journeys = 0;
  }
  session.journeys++;
  return session.token;
}

/**
 * One journey of the mixed workload, as a sender and a participant do it over HTTP: sign in (every
 * signInEvery journeys, as a sender works through several packages in one session), look at the workspace, create a package, add a participant, upload a document, place tags, send, get a
 * signing link; then the participant opens the room, reads the consent PDF and consents, opens the
 * document, adopts a signature and initials, fills the tags and finishes. The workers seal the
 * package and deliver its webhooks; the journey ends when package.sealed reaches the receiver.
 * Answers whether it got there; whatever failed on the way is in the log.
 */
export async function runJourney(context: JourneyContext): Promise<boolean> {
  const { log } = context;
  const number = ++journeys;
  const json = { "content-type": "application/json" };
  try {
    const auth = { authorization: `Bearer ${await senderToken(context)}` };
    const org = context.organizationId;
    await call(log, "workspace", `${context.apiUrl}/api/v1/organizations/${org}/workspace-packages`, {
      headers: auth,
      expect: 200,
    });
    const created = await call<{ id: string }>(
      log,
      "create",
      `${context.apiUrl}/api/v9/organizations/${org}/packages`,
      {
        method: "POST",
        headers: { ...auth, ...json },
        body: JSON.stringify({ name: `Soak refinance ${number}`, groupIds: [context.groupId] }),
        expect: 201,
      },
    );
    const packageId = created.body.id;
    const v9 = `${context.apiUrl}/api/v9/organizations/${org}/packages/${packageId}`;
    const participant = await call<{ id: string }>(
      log,
      "participant",
      `${context.apiUrl}/api/v5/organizations/${org}/packages/${packageId}/participants`,
      {
        method: "POST",
        headers: { ...auth, ...json },
        body: JSON.stringify({
          type: "Borrower",
          givenName: "Ada",
          familyName: `Okafor ${number}`,
          email: `ada-${number}@soak.signet.local`,
          accessMethod: "API",
        }),
        expect: 201,
      },
    );
    const form = new FormData();
    form.set("documentProperties", JSON.stringify({ name: "Promissory note", executionType: "E_SIGN" }));
    form.set("contents", context.pdf, "promissory-note.pdf");
    const document = await call<{ id: string }>(
      log,
      "upload",
      `${context.apiUrl}/api/v4/organizations/${org}/packages/${packageId}/documents`,
      { method: "POST", headers: auth, body: form, expect: 201 },
    );
    for (const tag of TAGS) {
      await call(
        log,
        "tag",
        `${context.apiUrl}/api/v6/organizations/${org}/packages/${packageId}/executable-documents/${document.body.id}/tags`,
        {
          method: "POST",
          headers: { ...auth, ...json },
          body: JSON.stringify({ participantId: participant.body.id, ...tag }),
          expect: 201,
        },
      );
    }
    const current = await call<{ version: number }>(log, "package", v9, { headers: auth, expect: 200 });
    await call(log, "send", `${v9}/send`, {
      method: "POST",
      headers: { ...auth, ...json },
      body: JSON.stringify({ version: current.body.version }),
      expect: 200,
    });
    const link = await call<{ signingURL: string }>(
      log,
      "signing-url",
      `${v9}/signing-room-identifiers/${participant.body.id}/signing-urls`,
      { method: "POST", headers: { ...auth, ...json }, body: "{}", expect: 201 },
    );
    await signAsParticipant(context, participant.body.id, link.body.signingURL, participantAddress(number));
    const finishedAt = performance.now();
    try {
      await context.webhooks.waitFor("package.sealed", packageId, SEAL_TIMEOUT_MS);
    } catch {
      log.error("seal", "no package.sealed webhook in time", false);
      return false;
    }
    log.waited("seal", performance.now() - finishedAt);
    log.journeyDone();
    return true;
  } catch (error) {
    if (error instanceof StepFailed) return false;
    log.error("journey", error instanceof Error ? error.message : String(error), false);
    return false;
  }
}

/**
 * Each participant's own address, from 198.18.0.0/15 (RFC 2544's range for benchmarks), sent as
 * X-Forwarded-For (the stack trusts its proxy): the signing listener allows 30 link opens a minute
 * per address, and a thousand participants do not all sit behind one.
 */
function participantAddress(journey: number): string {
  const host = journey % 131_072;
  return `198.${18 + (host >> 16)}.${(host >> 8) & 255}.${host & 255}`;
}

async function signAsParticipant(context: JourneyContext, participantId: string, signingUrl: string, address: string) {
  const { log } = context;
  const token = decodeURIComponent(/\/s\/([^/?#]+)/.exec(signingUrl)?.[1] ?? "");
  const room = `${context.signingUrl}/api/v1/signing`;
  const from = { "x-forwarded-for": address };
  const writes = { "content-type": "application/json", [SIGNING_ROOM_HEADER]: "1", ...from };
  const opened = await call(log, "room-open", `${room}/sessions`, {
    method: "POST",
    headers: writes,
    body: JSON.stringify({ token }),
    expect: 201,
  });
  const cookie = opened.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const session = { cookie, ...from };
  await call(log, "consent-pdf", `${room}/consent-document`, { headers: session, expect: 200 });
  const consented = await call<{
    documents: { id: string }[];
    tags: { id: string; type: string }[];
  }>(log, "consent", `${room}/consent`, {
    method: "POST",
    headers: { ...writes, ...session },
    body: JSON.stringify({ code: context.consentCode(participantId), agree: true }),
    expect: 200,
  });
  for (const document of consented.body.documents) {
    await call(log, "document-file", `${room}/documents/${document.id}/file`, { headers: session, expect: 200 });
  }
  for (const [kind, imageDataUrl, text] of [
    ["SIGNATURE", SIGNATURE, "Ada Okafor"],
    ["INITIALS", INITIALS, "AO"],
  ] as const) {
    await call(log, "adopt", `${room}/signature`, {
      method: "PUT",
      headers: { ...writes, ...session },
      body: JSON.stringify({ kind, method: "TYPED", text, imageDataUrl }),
      expect: 200,
    });
  }
  for (const tag of consented.body.tags) {
    await call(log, "fill", `${room}/tags/${tag.id}`, {
      method: "PUT",
      headers: { ...writes, ...session },
      body: JSON.stringify({ value: tag.type === "TEXT" ? "LN-2024-004211" : "applied" }),
      expect: 200,
    });
  }
  // no body, so no content-type: an empty JSON body is a 400
  await call(log, "finish", `${room}/finish`, {
    method: "POST",
    headers: { [SIGNING_ROOM_HEADER]: "1", ...session },
    expect: 200,
  });
}
