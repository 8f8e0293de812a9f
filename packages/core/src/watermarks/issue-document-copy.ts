import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import {
  chooseWatermarkRule,
  mustWatermark,
  type PackageStatus,
  renderWatermarkText,
  WATERMARK_MESSAGES,
  type WatermarkDocumentType,
  type WatermarkRequesterType,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { WatermarkTemplate as WatermarkTemplateRow } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";
import { applyWatermark, hasSignature, type WatermarkStyle } from "./apply-watermark.ts";
import { isXmlRecord, markXmlCopy } from "./mark-xml-copy.ts";
import { copyStatement, copyTime, custodianOf, sealDocumentCopy } from "./seal-document-copy.ts";
import { SYSTEM_DEFAULT_WATERMARK_ID } from "./system-default-watermark.ts";
import { toRuleLike } from "./watermark-rules.ts";

type Db = CoreDeps["db"];

/** The package a copy is made of, as the download path already has it. */
export interface CopyPackage {
  id: string;
  organizationId: string;
  name: string;
  status: PackageStatus;
}

export interface DocumentCopyInput {
  pkg: CopyPackage;
  documentType: WatermarkDocumentType;
  /** the document (or sealed file / certificate) the copy is of */
  documentId: string;
  documentName: string;
  /** who asked, readable: "Sam Sender (sam@example.com)", a participant's name */
  requester: string;
  requesterType: WatermarkRequesterType;
  /** the stored bytes, or how to open them (read only when a watermark applies) */
  source: { bytes: Uint8Array } | { open: () => Promise<NodeJS.ReadableStream> };
  /** recorded with the audit event (e.g. the sealed artifact's id) */
  auditData?: Record<string, unknown>;
}

export type IssuedCopy =
  | { watermarked: false; stream: NodeJS.ReadableStream; bytes: Uint8Array | null }
  | {
      watermarked: true;
      stream: NodeJS.ReadableStream;
      bytes: Uint8Array;
      templateId: string;
      sha256Original: string;
      sha256Copy: string;
    };

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function readAll(stream: NodeJS.ReadableStream): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The template that watermarks a copy, or null when the copy is served as stored. A matching rule
 * decides; without one, a deposited package still gets the organization's default template, else
 * the system default (DOMAIN.md §7).
 */
export async function watermarkTemplateFor(
  db: Db,
  facts: {
    organizationId: string;
    packageStatus: PackageStatus;
    documentType: WatermarkDocumentType;
    requesterType: WatermarkRequesterType;
  },
): Promise<WatermarkTemplateRow | null> {
  const rows = await db.watermarkRule.findMany({
    where: { organizationId: facts.organizationId },
    orderBy: { priority: "asc" },
    include: { template: true },
  });
  const rule = chooseWatermarkRule(
    rows.map((row) => ({ ...toRuleLike(row), template: row.template })),
    facts,
  );
  if (!mustWatermark(facts.packageStatus, rule !== null)) return null;
  if (rule) return rule.template;
  const organizationDefault = await db.watermarkTemplate.findFirst({
    where: { organizationId: facts.organizationId, isDefault: true },
    orderBy: { createdAt: "asc" },
  });
  return organizationDefault ?? db.watermarkTemplate.findUniqueOrThrow({ where: { id: SYSTEM_DEFAULT_WATERMARK_ID } });
}

/**
 * The ONE function every path that serves a package's file calls (issue 15 §4): answers the stored
 * file unchanged (as a stream: nothing is read into memory) when no watermark applies, otherwise a
 * watermarked copy, and records each watermarked copy in the package's audit trail with the
 * template and the hashes of the original and of the copy.
 */
export async function issueDocumentCopy(actor: Actor, input: DocumentCopyInput, deps: CoreDeps): Promise<IssuedCopy> {
  const template = await watermarkTemplateFor(deps.db, {
    organizationId: input.pkg.organizationId,
    packageStatus: input.pkg.status,
    documentType: input.documentType,
    requesterType: input.requesterType,
  });
  if (!template) {
    if ("bytes" in input.source) {
      return {
        watermarked: false,
        stream: Readable.from([Buffer.from(input.source.bytes)]),
        bytes: input.source.bytes,
      };
    }
    return { watermarked: false, stream: await input.source.open(), bytes: null };
  }
  const original = "bytes" in input.source ? input.source.bytes : await readAll(await input.source.open());
  const organization = await deps.db.organization.findUnique({
    where: { id: input.pkg.organizationId },
    select: { name: true },
  });
  const markedAt = new Date();
  const text = renderWatermarkText(template, {
    documentId: input.documentId,
    documentName: input.documentName,
    packageId: input.pkg.id,
    packageName: input.pkg.name,
    requester: input.requester,
    time: copyTime(markedAt),
    organization: organization?.name ?? "",
  });
  const xml = isXmlRecord(original);
  // a sealed file's copy keeps that seal valid and gets one of its own, which says what it is
  const sealed = !xml && hasSignature(original);
  const custodian = sealed ? await custodianOf(deps.db, input.pkg.id) : null;
  let copy: Uint8Array;
  try {
    copy = xml
      ? markXmlCopy(original, text)
      : await applyWatermark(original, template as WatermarkStyle & typeof template, text);
  } catch {
    // never the unwatermarked original instead: a PDF pdf-lib cannot change (encrypted with an
    // owner password, damaged) is refused with a reason rather than served as the record
    throw new AppError("CONFLICT", WATERMARK_MESSAGES.copyFailed);
  }
  if (sealed) {
    copy = await sealDocumentCopy(deps, {
      organizationId: input.pkg.organizationId,
      organizationName: organization?.name ?? "",
      marked: copy,
      statement: copyStatement(input.documentName, markedAt, custodian),
      markedAt,
    });
  }
  const sha256Original = sha256(original);
  const sha256Copy = sha256(copy);
  // DOMAIN.md §7: a copy's hash never equals the original's (a watermark that drew nothing would)
  if (sha256Copy === sha256Original) throw new Error("The watermarked copy is identical to the original.");
  await deps.db.$transaction(async (tx) => {
    if (sealed) {
      // the same file marked for the same requester in the same second is byte-for-byte the same
      // copy (the seal is deterministic): it is one record, issued twice
      await tx.documentCopy.upsert({
        where: { sha256Copy },
        update: {},
        create: {
          organizationId: input.pkg.organizationId,
          packageId: input.pkg.id,
          sha256Original,
          sha256Copy,
          documentName: input.documentName,
          markedAt,
          custodianName: custodian?.name ?? null,
          vaultTransactionId: custodian?.transactionId ?? null,
          transferredAt: custodian?.transferredAt ?? null,
        },
      });
    }
    await appendAuditEvent(tx, actor, {
      organizationId: input.pkg.organizationId,
      streamType: "package",
      streamId: input.pkg.id,
      type: "copy.watermarked",
      data: {
        ...input.auditData,
        documentId: input.documentId,
        documentName: input.documentName,
        documentType: input.documentType,
        requester: input.requester,
        requesterType: input.requesterType,
        templateId: template.id,
        sha256Original,
        sha256Copy,
        sealed,
      },
    });
  });
  return {
    watermarked: true,
    stream: Readable.from([Buffer.from(copy)]),
    bytes: copy,
    templateId: template.id,
    sha256Original,
    sha256Copy,
  };
}

/** Who a signed-in user is, for the watermark and the audit trail; support users are SUPPORT. */
export async function describeUserRequester(
  actor: Actor,
  deps: CoreDeps,
): Promise<{ requester: string; requesterType: WatermarkRequesterType }> {
  if (actor.kind !== "user") return { requester: "Signet", requesterType: "MEMBER" };
  const user = await deps.db.user.findUnique({
    where: { id: actor.userId },
    select: { givenName: true, familyName: true, email: true },
  });
  const name = user ? `${user.givenName} ${user.familyName}`.trim() : "";
  const requester = user ? (name ? `${name} (${user.email})` : user.email) : actor.userId;
  return { requester, requesterType: actor.supportUser && !actor.apiClient ? "SUPPORT" : "MEMBER" };
}
