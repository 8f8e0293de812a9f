import { type ConfigurationImportResult, type ConfigurationPlan, IMPORT_EXPORT_MESSAGES as M } from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { isUniqueViolation } from "../concurrency/versioned-write.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { collectConfiguration } from "./collect-configuration.ts";
import { configurationFingerprint, planConfigurationImport, planSource } from "./plan-configuration-import.ts";
import { readConfigurationArchive } from "./read-configuration-archive.ts";
import type { ApplyContext } from "./section-handler.ts";

// Issue 13 §6 import: a dry run that changes nothing, then the import of the same archive in one
// transaction. The design kept simple: nothing is stored between the two. The dry run answers a
// fingerprint — SHA-256 over the archive's SHA-256 and the target's configuration as collected —
// and the import takes the archive again with that fingerprint. Inside its transaction (serialised
// per organization by an advisory lock) it collects the target again, recomputes the fingerprint
// and refuses with 409 when anything differs, so what is applied is exactly what the dry run
// listed. A write by someone else racing the import fails on the tables' unique keys and rolls the
// whole import back.

const PERMISSION = "MANAGE_ORG_IMPORT_EXPORT";

export interface ConfigurationUpload {
  archive: Buffer | null;
  fingerprint?: string;
}

/** The upload is read only after the caller may import here (another tenant's id answers 404 first). */
type ReadUpload = () => Promise<ConfigurationUpload>;

function requireArchive(upload: ConfigurationUpload): Buffer {
  if (upload.archive === null) throw new AppError("PAYLOAD_TOO_LARGE", M.tooLarge);
  return upload.archive;
}

export async function dryRunConfigurationImport(
  actor: Actor,
  input: { organizationId: string; readUpload: ReadUpload },
  deps: CoreDeps,
): Promise<ConfigurationPlan> {
  await requirePermission(actor, input.organizationId, PERMISSION, deps);
  const archive = await readConfigurationArchive(requireArchive(await input.readUpload()));
  const target = await collectConfiguration(deps.db, input.organizationId, deps);
  const { plan } = planConfigurationImport(archive.sections, target, deps.config);
  return {
    ...plan,
    fingerprint: configurationFingerprint(archive.sha256, target),
    source: planSource(archive.manifest),
  };
}

export async function importConfiguration(
  actor: Actor,
  input: { organizationId: string; readUpload: ReadUpload },
  deps: CoreDeps,
): Promise<ConfigurationImportResult> {
  const { organizationId } = input;
  await requirePermission(actor, organizationId, PERMISSION, deps);
  const upload = await input.readUpload();
  const archive = await readConfigurationArchive(requireArchive(upload));
  if (!upload.fingerprint)
    throw new AppError("BAD_REQUEST", M.fingerprintMissing, [{ path: "fingerprint", message: M.fingerprintMissing }]);
  const webhookSecrets: ConfigurationImportResult["webhookSecrets"] = [];
  const writtenBlobs: string[] = [];
  const unusedBlobs: string[] = [];
  try {
    const result = await deps.db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`configuration-import:${organizationId}`}, 0))`;
        const target = await collectConfiguration(tx, organizationId, deps);
        if (configurationFingerprint(archive.sha256, target) !== upload.fingerprint)
          throw new AppError("CONFLICT", M.targetChanged);
        const { plan, entries } = planConfigurationImport(archive.sections, target, deps.config);
        if (plan.counts.CONFLICT > 0) throw new AppError("CONFLICT", M.conflictsRemain);
        const context: ApplyContext = {
          tx,
          actor,
          organizationId,
          deps,
          files: archive.files,
          webhookSecrets,
          writtenBlobs,
          unusedBlobs,
        };
        for (const { handler, entries: sectionEntries } of entries) {
          if (sectionEntries.length > 0) await handler.apply(sectionEntries, context);
        }
        await appendAuditEvent(tx, actor, {
          organizationId,
          streamType: "organization",
          streamId: organizationId,
          type: "organization.configuration-imported",
          data: {
            sourceOrganization: archive.manifest.source.organizationName,
            sourceInstallation: archive.manifest.source.installation,
            exportedAt: archive.manifest.exportedAt,
            archiveSha256: archive.sha256,
            created: plan.counts.CREATE,
            changed: plan.counts.CHANGE,
            sections: Object.fromEntries(
              plan.sections.map((section) => [
                section.name,
                { created: section.counts.CREATE, changed: section.counts.CHANGE },
              ]),
            ),
          },
        });
        return { counts: plan.counts, webhookSecrets };
      },
      { maxWait: 10_000, timeout: 120_000 },
    );
    for (const key of unusedBlobs) await deps.storage.delete(key).catch(() => false);
    return result;
  } catch (error) {
    for (const key of writtenBlobs) await deps.storage.delete(key).catch(() => false);
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", M.applyFailed);
    throw error;
  }
}
