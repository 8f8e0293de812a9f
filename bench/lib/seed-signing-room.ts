import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import type { CreateTag, SigningRoom } from "@signet/contract";
import {
  AUDIT_EVENT_SUBSCRIBERS,
  addParticipant,
  adoptSignature,
  type CoreDeps,
  consentCode,
  createConditionalRule,
  createPackage,
  createSigningUrl,
  createTag,
  fillTag,
  giveConsent,
  loadSigningRoom,
  openSigningSession,
  resolveSigningSession,
  sendPackage,
  subscribeToAuditEvents,
  UPLOAD_FILE_PART,
  UPLOAD_PROPERTIES_PART,
  type UploadPart,
  type UserActor,
  uploadDocument,
} from "@signet/core";
import { pngDataUrl, signaturePng } from "./signature-png.ts";

/** A real fixture PDF from fixtures/pdfs in this repository. */
export const FIXTURE_PDF = fileURLToPath(new URL("../../fixtures/pdfs/pdflatex-4-pages.pdf", import.meta.url));

export interface SeededSigningRoom {
  packageId: string;
  participantId: string;
  /** the signing-room session cookie's value */
  secret: string;
  /** the room as the participant saw it right after consent and the first fills */
  room: SigningRoom;
}

type TagSpec = Omit<CreateTag, "participantId" | "required" | "options"> & {
  key: string;
  required?: boolean;
  options?: string[];
};

// The borrower's 20 tags over the fixture's four A4 pages (595 × 842 pt, origin top-left).
const BORROWER_TAGS: TagSpec[] = [
  { key: "loanNumber", type: "TEXT", page: 1, x: 72, y: 120, width: 140, height: 20, label: "Loan number" },
  { key: "employer", type: "TEXT", page: 1, x: 72, y: 160, width: 200, height: 20, label: "Employer" },
  { key: "income", type: "TEXT", page: 1, x: 300, y: 160, width: 120, height: 20, label: "Annual income" },
  { key: "selfEmployed", type: "CHECKBOX", page: 1, x: 72, y: 210, width: 14, height: 14, required: false },
  { key: "business", type: "TEXT", page: 1, x: 100, y: 206, width: 200, height: 20, label: "Business name" },
  {
    key: "use",
    type: "DROPDOWN",
    page: 1,
    x: 72,
    y: 260,
    width: 140,
    height: 20,
    options: ["Primary residence", "Second home", "Investment", "Other"],
  },
  { key: "useOther", type: "TEXT", page: 1, x: 230, y: 260, width: 200, height: 20, label: "Describe the use" },
  ...["Citizen", "Permanent resident", "Other"].map(
    (value, index): TagSpec => ({
      key: `residency${index}`,
      type: "RADIO",
      page: 2,
      x: 72,
      y: 120 + index * 30,
      width: 14,
      height: 14,
      groupName: "residency",
      optionValue: value,
    }),
  ),
  { key: "visa", type: "TEXT", page: 2, x: 100, y: 176, width: 160, height: 20, label: "Visa type" },
  { key: "coSigner", type: "CHECKBOX", page: 2, x: 72, y: 240, width: 14, height: 14, required: false },
  { key: "paperless", type: "CHECKBOX", page: 2, x: 72, y: 270, width: 14, height: 14, required: false },
  { key: "initials3", type: "INITIALS", page: 3, x: 480, y: 760, width: 48, height: 30 },
  { key: "escrow", type: "TEXT", page: 3, x: 72, y: 140, width: 160, height: 20, label: "Escrow account" },
  { key: "waive", type: "CHECKBOX", page: 3, x: 72, y: 190, width: 14, height: 14, required: false },
  {
    key: "waiveReason",
    type: "TEXT",
    page: 3,
    x: 100,
    y: 186,
    width: 260,
    height: 20,
    label: "Why",
    required: false,
  },
  { key: "signature", type: "SIGNATURE", page: 4, x: 72, y: 600, width: 160, height: 36 },
  { key: "dateSigned", type: "DATE_SIGNED", page: 4, x: 260, y: 610, width: 100, height: 20 },
  { key: "fullName", type: "FULL_NAME", page: 4, x: 72, y: 650, width: 160, height: 20 },
];

/** Shown only when their source says so, or required once it does. */
const RULES = [
  { source: "selfEmployed", target: "business", condition: "HAS_VALUE", action: "SHOW" },
  { source: "use", target: "useOther", condition: "EQUALS", value: "Other", action: "SHOW" },
  { source: "residency2", target: "visa", condition: "EQUALS", value: "Other", action: "SHOW" },
  { source: "waive", target: "waiveReason", condition: "HAS_VALUE", action: "REQUIRE" },
] as const;

/** What the borrower has filled when the load starts: half-way through the form. */
const FILLS: Record<string, string> = {
  loanNumber: "LN-2024-004211",
  employer: "Harbor Freight Logistics",
  income: "86,500",
  selfEmployed: "true",
  business: "Okafor Consulting LLC",
  use: "Primary residence",
  residency0: "Citizen",
  paperless: "true",
};

async function* uploadParts(bytes: Buffer, fileName: string): AsyncGenerator<UploadPart> {
  yield {
    type: "field",
    fieldName: UPLOAD_PROPERTIES_PART,
    value: JSON.stringify({ name: "Promissory note", executionType: "E_SIGN" }),
  };
  const stream = Readable.from([bytes]);
  yield {
    type: "file",
    fieldName: UPLOAD_FILE_PART,
    fileName,
    stream,
    truncated: () => false,
    skip: async () => {
      stream.resume();
    },
  };
}

/** A bigger room than the default: more participants in the package, more documents. */
export interface SigningRoomSize {
  /** participants of the package in all (default 2: the borrower and the co-borrower) */
  participants?: number;
  /** documents of the package in all (default 1) */
  documents?: number;
}

const EXTRA_TYPES = ["Witness", "Seller", "Buyer", "Notary"];

/**
 * Grows the sent package to `size` with set-based SQL: the extra participants (signers in parallel
 * signing, who do not hold up the borrower's turn) and copies of its document (the same stored
 * file, each with its own name and place in the order), as if they had been there when it was sent.
 */
async function growPackage(deps: CoreDeps, packageId: string, documentId: string, size: SigningRoomSize) {
  const extraParticipants = Math.max(0, (size.participants ?? 2) - 2);
  const extraDocuments = Math.max(0, (size.documents ?? 1) - 1);
  if (extraParticipants > 0) {
    await deps.db.$executeRawUnsafe(
      `INSERT INTO "Participant" (id, "packageId", "organizationId", type, "roleNumber", "givenName", "familyName",
                                  email, "accessMethod", "orderSequence", "signingStatus", "invitedAt", "lastUpdatedAt")
       SELECT gen_random_uuid(), p.id, p."organizationId", ($2::text[])[1 + k % cardinality($2::text[])],
              1 + k / cardinality($2::text[]), 'Guest', 'No ' || k, 'guest' || k || '@example.com', 'EMAIL', 3 + k,
              'INVITED', now(), now()
         FROM "Package" p CROSS JOIN generate_series(0, $3::int - 1) AS k WHERE p.id = $1::uuid`,
      packageId,
      EXTRA_TYPES,
      extraParticipants,
    );
  }
  if (extraDocuments > 0) {
    const columns = await deps.db.$queryRawUnsafe<{ name: string }[]>(
      `SELECT column_name AS name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'Document' ORDER BY ordinal_position`,
    );
    const names = columns.map((column) => `"${column.name}"`);
    const copied: Record<string, string> = {
      '"id"': "gen_random_uuid()",
      '"name"': "d.name || ' ' || k",
      '"nameKey"': "d.\"nameKey\" || ' ' || k",
      '"orderSequence"': 'd."orderSequence" + k',
    };
    await deps.db.$executeRawUnsafe(
      `INSERT INTO "Document" (${names.join(", ")})
       SELECT ${names.map((name) => copied[name] ?? `d.${name}`).join(", ")}
         FROM "Document" d CROSS JOIN generate_series(1, $2::int) AS k WHERE d.id = $1::uuid`,
      documentId,
      extraDocuments,
    );
  }
}

/**
 * Through the real use cases, as the bench user (a sender in Sales): a package with a borrower and a
 * co-borrower, one uploaded E-Sign document (the 4-page fixture), the borrower's 20 tags and four
 * conditional rules, sent. Then the borrower's signing link is opened, consent given, a signature
 * and initials adopted and eight tags filled: the room is in its SIGN stage, the heaviest view.
 */
export async function seedSigningRoom(
  deps: CoreDeps,
  organizationId: string,
  senderEmail: string,
  size: SigningRoomSize = {},
): Promise<SeededSigningRoom> {
  // this seed is its process's composition root: audited changes trigger what they do in the product
  subscribeToAuditEvents(AUDIT_EVENT_SUBSCRIBERS);
  const sender = await deps.db.user.findUniqueOrThrow({ where: { email: senderEmail }, select: { id: true } });
  const actor: UserActor = {
    kind: "user",
    userId: sender.id,
    organizationId,
    tokenId: randomUUID(),
    supportUser: false,
    partial: false,
    credentialsExpired: false,
    ip: "127.0.0.1",
    userAgent: "signet-bench",
  };
  const pkg = await createPackage(actor, { organizationId, name: "Okafor refinance (bench)" }, deps);
  const ref = { organizationId, packageId: pkg.id };
  const borrower = await addParticipant(
    actor,
    {
      ...ref,
      type: "Borrower",
      givenName: "Ada",
      familyName: "Okafor",
      email: "ada.okafor@example.com",
      accessMethod: "EMAIL",
      role: "SIGNER",
      avHost: false,
      idVerification: "NONE",
      language: "en",
    },
    deps,
  );
  const coBorrower = await addParticipant(
    actor,
    {
      ...ref,
      type: "Co-Borrower",
      givenName: "Ben",
      familyName: "Okafor",
      email: "ben.okafor@example.com",
      accessMethod: "EMAIL",
      role: "SIGNER",
      avHost: false,
      idVerification: "NONE",
      language: "en",
    },
    deps,
  );
  const fileName = "pdflatex-4-pages.pdf";
  const document = await uploadDocument(
    actor,
    { ...ref, parts: uploadParts(await readFile(FIXTURE_PDF), fileName) },
    deps,
  );

  const tagIds = new Map<string, string>();
  for (const { key, required, options, ...tag } of BORROWER_TAGS) {
    const created = await createTag(
      actor,
      {
        ...ref,
        documentId: document.id,
        participantId: borrower.id,
        required: required ?? true,
        options: options ?? [],
        ...tag,
      },
      deps,
    );
    tagIds.set(key, created.id);
  }
  for (const tag of [
    { type: "SIGNATURE", page: 4, x: 72, y: 700, width: 160, height: 36 },
    { type: "DATE_SIGNED", page: 4, x: 260, y: 710, width: 100, height: 20 },
  ] as const) {
    await createTag(
      actor,
      { ...ref, documentId: document.id, participantId: coBorrower.id, required: true, options: [], ...tag },
      deps,
    );
  }
  for (const rule of RULES) {
    await createConditionalRule(
      actor,
      {
        ...ref,
        sourceTagId: tagIds.get(rule.source)!,
        targetTagId: tagIds.get(rule.target)!,
        condition: rule.condition,
        value: "value" in rule ? rule.value : null,
        action: rule.action,
      },
      deps,
    );
  }
  const { version } = await deps.db.package.findUniqueOrThrow({ where: { id: pkg.id }, select: { version: true } });
  await sendPackage(actor, { ...ref, version }, deps);
  await growPackage(deps, pkg.id, document.id, size);

  const { signingURL } = await createSigningUrl(actor, { ...ref, participantId: borrower.id }, deps);
  const token = decodeURIComponent(new URL(signingURL).pathname.replace(/^\/s\//, ""));
  const origin = { ip: "127.0.0.1", userAgent: "signet-bench" };
  const opened = await openSigningSession({ token, origin }, deps);
  if (opened.room.stage !== "CONSENT") throw new Error(`The room opened in stage ${opened.room.stage}, not CONSENT`);
  const code = consentCode(deps.linkKey, borrower.id, opened.room.consent.version);
  await giveConsent(opened.context, { code }, deps);

  const context = await resolveSigningSession(opened.secret, origin, deps);
  const png = pngDataUrl(signaturePng());
  await adoptSignature(context, { kind: "SIGNATURE", method: "TYPED", text: "Ada Okafor", imageDataUrl: png }, deps);
  await adoptSignature(context, { kind: "INITIALS", method: "TYPED", text: "AO", imageDataUrl: png }, deps);
  for (const [key, value] of Object.entries(FILLS)) {
    await fillTag(context, { tagId: tagIds.get(key)!, value }, deps);
  }
  const room = await loadSigningRoom(await resolveSigningSession(opened.secret, origin, deps), deps);
  if (room.stage !== "SIGN") throw new Error(`The room is in stage ${room.stage} after consent, not SIGN`);
  if (room.tags.length !== BORROWER_TAGS.length) {
    throw new Error(`The room shows ${room.tags.length} tags, expected ${BORROWER_TAGS.length}`);
  }
  return { packageId: pkg.id, participantId: borrower.id, secret: opened.secret, room };
}
