import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Document, type Package, type Participant, SIGNING_ROOM_HEADER, type SigningRoom } from "@signet/contract";
import type { Db } from "@signet/core";
import { fixturePdf, upload } from "./document-upload.ts";
import { HttpClient, type Reply } from "./http-client.ts";
import { addParticipant, createPackage, type PackageOrg, packageOrg } from "./package-fixtures.ts";
import type { CapturedMail, SmtpCapture } from "./smtp-capture.ts";
import type { TestApp } from "./test-app.ts";

// Fixtures of the signing-room suites: a package built and sent through the real API, participants'
// links read from the real emails, and a client that talks to the signing origin like the room does.

export function packageApi(organizationId: string, packageId: string) {
  const v9 = `/api/v9/organizations/${organizationId}/packages/${packageId}`;
  const v4 = `/api/v4/organizations/${organizationId}/packages/${packageId}`;
  const v6 = `/api/v6/organizations/${organizationId}/packages/${packageId}`;
  return {
    package: v9,
    send: `${v9}/send`,
    cancel: `${v9}/cancel`,
    correction: `${v9}/correction`,
    reactivate: `${v9}/reactivate`,
    finish: `${v9}/finish`,
    reminders: `${v9}/invitation-reminders`,
    audit: `${v9}/audit`,
    verification: `${v9}/verification`,
    sealedArtifacts: `${v9}/sealed-artifacts`,
    sealedFile: (artifactId: string) => `${v9}/sealed-artifacts/${artifactId}/file`,
    sealedZip: `${v9}/sealed-artifacts-zip`,
    identifiers: `${v9}/signing-room-identifiers`,
    signingUrl: (participantId: string) => `${v9}/signing-room-identifiers/${participantId}/signing-urls`,
    documents: `${v4}/documents`,
    documentParticipants: `${v4}/document-participants`,
    documentTags: (documentId: string) => `${v6}/executable-documents/${documentId}/tags`,
    conditionalRules: `${v6}/conditional-rules`,
    participantsOrder: `${v9}/participants-order`,
  };
}

/** A client of the signing origin: keeps the session cookie and sends the signing-room header on writes. */
export class SigningClient extends HttpClient {
  override request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: Parameters<HttpClient["request"]>[2] = {},
  ): Promise<Reply<T>> {
    const headers = method === "GET" ? options.headers : { [SIGNING_ROOM_HEADER]: "1", ...options.headers };
    return super.request<T>(method, path, { ...options, headers, csrf: false });
  }

  room() {
    return this.get<SigningRoom>("/api/v1/signing/room");
  }
}

/** The signing link's token in an invitation email. */
export function linkToken(mail: CapturedMail): string {
  const text = mail.parsed.text ?? "";
  const match = /\/s\/([A-Za-z0-9._~%-]+)/.exec(text);
  if (!match) throw new Error(`no signing link in: ${text}`);
  return decodeURIComponent(match[1]!);
}

/** The text of a PDF (poppler's pdftotext). */
export function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), "signet-pdf-"));
  const file = join(dir, "file.pdf");
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

/** pdfsig's report on a PDF (poppler), whatever its exit code. */
export function pdfsig(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), "signet-pdfsig-"));
  const file = join(dir, "sealed.pdf");
  writeFileSync(file, bytes);
  try {
    return execFileSync("pdfsig", [file], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return `${failed.stdout ?? ""}${failed.stderr ?? ""}`;
  }
}

/** A 1×1 transparent PNG (what the room sends for a drawn signature is any PNG). */
export const TINY_PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

export interface SignablePackage extends PackageOrg {
  pkg: Package;
  api: ReturnType<typeof packageApi>;
  signers: Participant[];
  document: Document;
  /** each signer's signature tag id, by participant id */
  signatureTags: Map<string, string>;
}

/**
 * A package with `signers` e-signers (EMAIL unless told), one real fixture PDF with a signature and a
 * date tag for each, not sent yet.
 */
export async function signablePackage(
  app: TestApp,
  db: Db,
  options: {
    signers?: {
      givenName: string;
      email?: string;
      accessMethod?: "EMAIL" | "SMS" | "API";
      phoneNumber?: string;
      idVerification?: string;
      language?: string;
      kbaAnswers?: object;
      delegationAllowed?: boolean;
    }[];
    ordered?: boolean;
    fixture?: string;
    /** build it in this organization (another package of the same sender) instead of a new one */
    org?: PackageOrg;
  } = {},
): Promise<SignablePackage> {
  const context = options.org ?? (await packageOrg(db, app.url));
  let pkg = await createPackage(context.admin, context.paths, { name: "Okafor refinance" });
  const api = packageApi(context.org.organizationId, pkg.id);
  if (options.ordered) {
    const ordered = await context.admin.request<Package>("PATCH", api.package, {
      json: { version: pkg.version, signingOrder: "PARTICIPANT" },
    });
    if (ordered.status !== 200) throw new Error(`order: ${ordered.status} ${JSON.stringify(ordered.body)}`);
    pkg = ordered.body;
  }
  const people = options.signers ?? [
    { givenName: "Ada", email: "ada@example.com" },
    { givenName: "Ben", email: "ben@example.com" },
  ];
  const signers: Participant[] = [];
  for (const [index, person] of people.entries()) {
    signers.push(
      await addParticipant(context.admin, context.paths, pkg.id, {
        type: index === 0 ? "Borrower" : "Co-Borrower",
        familyName: "Okafor",
        accessMethod: "EMAIL",
        ...person,
      }),
    );
  }
  const fixture = options.fixture ?? "google-doc-document.pdf";
  const uploaded = await upload(context.admin, api.documents, fixturePdf(fixture), {
    fileName: fixture,
    properties: { name: "Promissory note", executionType: "E_SIGN" },
  });
  if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
  const document = uploaded.body as Document;
  const signatureTags = new Map<string, string>();
  for (const [index, signer] of signers.entries()) {
    const tag = await context.admin.request<{ id: string }>("POST", api.documentTags(document.id), {
      json: {
        participantId: signer.id,
        type: "SIGNATURE",
        page: 1,
        x: 72,
        y: 500 + index * 80,
        width: 160,
        height: 36,
      },
    });
    if (tag.status !== 201) throw new Error(`tag: ${tag.status} ${JSON.stringify(tag.body)}`);
    signatureTags.set(signer.id, tag.body.id);
    const date = await context.admin.request("POST", api.documentTags(document.id), {
      json: {
        participantId: signer.id,
        type: "DATE_SIGNED",
        page: 1,
        x: 260,
        y: 510 + index * 80,
        width: 100,
        height: 20,
      },
    });
    if (date.status !== 201) throw new Error(`date tag: ${date.status} ${JSON.stringify(date.body)}`);
  }
  return { ...context, pkg, api, signers, document, signatureTags };
}

export async function sendPackage(s: SignablePackage, db: Db) {
  const { version } = await db.package.findUniqueOrThrow({ where: { id: s.pkg.id }, select: { version: true } });
  const reply = await s.admin.request<Package>("POST", s.api.send, { json: { version } });
  if (reply.status !== 200) throw new Error(`send: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** Opens the room from a token and gives the default one-action consent; answers the room after consent. */
export async function openAndConsent(
  signingUrl: string,
  token: string,
): Promise<{ client: SigningClient; room: SigningRoom }> {
  const client = new SigningClient(signingUrl);
  const opened = await client.request<SigningRoom>("POST", "/api/v1/signing/sessions", { json: { token } });
  if (opened.status !== 201) throw new Error(`open: ${opened.status} ${JSON.stringify(opened.body)}`);
  const consented = await client.request<SigningRoom>("POST", "/api/v1/signing/consent", {
    json: { agree: true },
  });
  if (consented.status !== 200) throw new Error(`consent: ${consented.status} ${JSON.stringify(consented.body)}`);
  return { client, room: consented.body };
}

/** The code printed in the participant's consent PDF (when the organization requires the code). */
export async function consentCodeOf(client: SigningClient): Promise<string> {
  const response = await fetch(`${client.baseUrl}/api/v1/signing/consent-document`, {
    headers: { cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ") },
  });
  if (response.status !== 200) throw new Error(`consent document: ${response.status}`);
  const text = pdfText(new Uint8Array(await response.arrayBuffer()));
  // after its label in English; in any language, the code is the line that stands alone in its box
  const match =
    /confirmation code:\s*([A-Z0-9]{6})/i.exec(text.replace(/\s+/g, " ")) ?? /^\s*([A-Z0-9]{6})\s*$/m.exec(text);
  if (!match) throw new Error(`no code in consent PDF: ${text}`);
  return match[1]!;
}

/** Adopts a signature and initials, fills every visible tag of the room, and finishes. */
export async function signEverything(client: SigningClient, room: SigningRoom): Promise<Reply<SigningRoom>> {
  for (const kind of ["SIGNATURE", "INITIALS"] as const) {
    const adopted = await client.request("PUT", "/api/v1/signing/signature", {
      json: { kind, method: "TYPED", text: room.participant.name, imageDataUrl: TINY_PNG },
    });
    if (adopted.status !== 200) throw new Error(`adopt: ${adopted.status} ${JSON.stringify(adopted.body)}`);
  }
  for (const tag of room.tags) {
    const value =
      tag.type === "CHECKBOX"
        ? "true"
        : tag.type === "RADIO"
          ? tag.optionValue
          : tag.type === "DROPDOWN"
            ? tag.options[0]
            : "applied";
    const filled = await client.request("PUT", `/api/v1/signing/tags/${tag.id}`, { json: { value } });
    if (filled.status !== 200) throw new Error(`fill ${tag.type}: ${filled.status} ${JSON.stringify(filled.body)}`);
  }
  for (const document of room.documents.filter((candidate) => candidate.executionType === "VIEW_ONLY")) {
    await client.request("POST", `/api/v1/signing/documents/${document.id}/review`);
  }
  return client.request<SigningRoom>("POST", "/api/v1/signing/finish");
}

export const invitationTo = (smtp: SmtpCapture, email: string, after = 0) =>
  smtp.waitFor(
    (mail) =>
      mail.envelopeTo.includes(email) && /\/s\//.test(mail.parsed.text ?? "") && smtp.messages.indexOf(mail) >= after,
  );
