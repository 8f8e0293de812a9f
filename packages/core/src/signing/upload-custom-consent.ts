import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import type { CustomConsent } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { inspectPdf, sniffUpload } from "../documents/pdf-intake.ts";
import { removeActiveContent } from "../documents/remove-active-content.ts";
import { AppError } from "../errors/app-error.ts";
import { signingSettingsAccess, toConsent } from "./signing-admin-rules.ts";

/** A new custom consent version (a PDF): participants who consented to an older one consent again. */
export async function uploadCustomConsent(
  actor: Actor,
  input: { organizationId: string; fileName: string; bytes: Buffer },
  deps: CoreDeps,
): Promise<CustomConsent> {
  await signingSettingsAccess(actor, input.organizationId, deps, true);
  if ((await sniffUpload(input.bytes.subarray(0, 4100))) !== "pdf") throw new AppError("UNSUPPORTED_MEDIA_TYPE");
  await inspectPdf(input.bytes);
  // issue 10 §3: the consent PDF is shown to every participant before anything else
  const { bytes, removed } = await removeActiveContent(input.bytes);
  const originalSha256 = removed.length > 0 ? createHash("sha256").update(input.bytes).digest("hex") : null;
  const key = `consents/${input.organizationId}/${createHash("sha256").update(bytes).digest("hex")}.pdf`;
  const stored = await deps.storage.put(key, Readable.from([Buffer.from(bytes)]));
  return deps.db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`consent:${input.organizationId}`}, 0))`;
    const last = await tx.consentDocument.findFirst({
      where: { organizationId: input.organizationId },
      orderBy: { version: "desc" },
    });
    const row = await tx.consentDocument.create({
      data: {
        organizationId: input.organizationId,
        version: (last?.version ?? 0) + 1,
        fileName: input.fileName.replace(/[\\/\r\n]/g, "_").slice(0, 200) || "consent.pdf",
        blobKey: key,
        sha256: stored.sha256,
        originalSha256,
        activeContentRemoved: removed,
        sizeBytes: stored.size,
        uploadedById: actor.kind === "user" ? actor.userId : null,
      },
    });
    await appendAuditEvent(tx, actor, {
      organizationId: input.organizationId,
      streamType: "organization",
      streamId: input.organizationId,
      type: "organization.custom-consent-uploaded",
      data: { version: row.version, sha256: row.sha256 },
    });
    if (removed.length > 0) {
      await appendAuditEvent(tx, actor, {
        organizationId: input.organizationId,
        streamType: "organization",
        streamId: input.organizationId,
        type: "organization.custom-consent-active-content-removed",
        data: { consentDocumentId: row.id, version: row.version, removed, originalSha256, sha256: row.sha256 },
      });
    }
    return toConsent(row);
  });
}
