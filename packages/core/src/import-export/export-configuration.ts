import type { ConfigurationExportSummary } from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import type { FileToSend } from "../signing/signing-files.ts";
import { collectConfiguration } from "./collect-configuration.ts";
import { CONFIGURATION_SECTIONS } from "./sections/index.ts";
import { configurationManifest, writeConfigurationArchive } from "./write-configuration-archive.ts";

const PERMISSION = "MANAGE_ORG_IMPORT_EXPORT";
const EXCLUDED = [
  "Users and their memberships",
  "Packages and their documents",
  "Webhook signing secrets and API credentials",
];

async function organizationName(deps: CoreDeps, organizationId: string) {
  const organization = await deps.db.organization.findUnique({ where: { id: organizationId }, select: { name: true } });
  if (!organization) throw new AppError("NOT_FOUND");
  return organization.name;
}

/** What an export holds: each section with its number of items (the Export page). */
export async function getConfigurationExportSummary(
  actor: Actor,
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<ConfigurationExportSummary> {
  await requirePermission(actor, input.organizationId, PERMISSION, deps);
  const collected = await collectConfiguration(deps.db, input.organizationId, deps);
  return {
    organizationName: await organizationName(deps, input.organizationId),
    sections: CONFIGURATION_SECTIONS.map((section) => ({
      name: section.name,
      label: section.label,
      count: collected.sections[section.name]?.length ?? 0,
    })),
    excluded: EXCLUDED,
  };
}

/** The organization's configuration as one zip (issue 13 §6), recorded on the organization's stream. */
export async function exportConfiguration(
  actor: Actor,
  input: { organizationId: string },
  deps: CoreDeps,
  now = new Date(),
): Promise<FileToSend> {
  await requirePermission(actor, input.organizationId, PERMISSION, deps);
  const name = await organizationName(deps, input.organizationId);
  const collected = await collectConfiguration(deps.db, input.organizationId, deps);
  const manifest = configurationManifest(
    collected,
    { installation: deps.config.publicUrl, organizationName: name },
    now,
  );
  await deps.db.$transaction(async (tx) => {
    await appendAuditEvent(tx, actor, {
      organizationId: input.organizationId,
      streamType: "organization",
      streamId: input.organizationId,
      type: "organization.configuration-exported",
      data: { sections: Object.fromEntries(manifest.sections.map((section) => [section.name, section.count])) },
    });
  });
  const day = now.toISOString().slice(0, 10);
  const safe =
    name
      .replace(/[^A-Za-z0-9 _-]+/g, "")
      .trim()
      .replace(/\s+/g, "-") || "organization";
  return {
    stream: writeConfigurationArchive(manifest, collected),
    fileName: `${safe}-configuration-${day}.zip`,
    contentType: "application/zip",
  };
}
