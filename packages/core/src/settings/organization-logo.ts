import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import {
  DEFAULT_LOGO_PATTERN,
  type ImageProperties,
  LOGO_LIMITS,
  LOGO_MESSAGES,
  logoPublicUrl,
  type OrganizationLogo,
} from "@signet/contract";
import { fileTypeFromBuffer } from "file-type";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError, forbidden, notFound } from "../errors/app-error.ts";
import { loadGroupAccess } from "../groups/load-group-access.ts";
import { signingRoomOrigin } from "../package-actions/collaboration-link.ts";
import { readOrganizationSetting } from "./read-organization-settings.ts";

// Issue 13 §2 branding: the organization's logo as an uploaded raster image (see the contract's
// organization-logo.ts). Bytes are recognised by their content, never by name or declared type.

const RASTER = { "image/png": "png", "image/jpeg": "jpg" } as const;

const blobKey = (organizationId: string, file: string) => `logos/${organizationId}/${file}`;

async function upsertSetting(
  tx: Parameters<Parameters<CoreDeps["db"]["$transaction"]>[0]>[0],
  organizationId: string,
  key: string,
  value: string,
  updatedById: string | null,
) {
  await tx.organizationSetting.upsert({
    where: { organizationId_key: { organizationId, key } },
    create: { organizationId, key, value, updatedById },
    update: { value, updatedById, version: { increment: 1 } },
  });
}

/** Stores the image, makes it the organization's default_logo and logo_url, and records it. */
export async function uploadOrganizationLogo(
  actor: Actor,
  input: { organizationId: string; bytes: Buffer | null; properties: ImageProperties },
  deps: CoreDeps,
): Promise<OrganizationLogo> {
  const access = await loadGroupAccess(actor, input.organizationId, deps);
  if (!access.canInOrganization("MANAGE_ADMIN_SETTINGS")) throw forbidden();
  if (!input.bytes || input.bytes.length > LOGO_LIMITS.bytes)
    throw new AppError("PAYLOAD_TOO_LARGE", LOGO_MESSAGES.tooLarge);
  if (input.bytes.length === 0) throw new AppError("UNSUPPORTED_MEDIA_TYPE", LOGO_MESSAGES.notRaster);
  const sniffed = await fileTypeFromBuffer(input.bytes.subarray(0, 4100));
  const contentType = sniffed?.mime === "image/png" || sniffed?.mime === "image/jpeg" ? sniffed.mime : null;
  if (!contentType) throw new AppError("UNSUPPORTED_MEDIA_TYPE", LOGO_MESSAGES.notRaster);
  // stored under its hash: the same image uploaded twice is one blob, and the address changes with the image
  const sha256 = createHash("sha256").update(input.bytes).digest("hex");
  const file = `${sha256}.${RASTER[contentType]}`;
  const stored = await deps.storage.put(blobKey(input.organizationId, file), Readable.from([input.bytes]));
  const url = logoPublicUrl(signingRoomOrigin(deps.config), input.organizationId, file);
  const updatedById = actor.kind === "user" ? actor.userId : null;
  await deps.db.$transaction(async (tx) => {
    await upsertSetting(tx, input.organizationId, "default_logo", file, updatedById);
    await upsertSetting(tx, input.organizationId, "logo_url", url, updatedById);
    await appendAuditEvent(tx, actor, {
      organizationId: input.organizationId,
      streamType: "organization",
      streamId: input.organizationId,
      type: "organization.logo-uploaded",
      data: {
        ...(input.properties.fileName ? { fileName: input.properties.fileName } : {}),
        contentType,
        sizeBytes: stored.size,
        sha256: stored.sha256,
      },
    });
  });
  return { default_logo: file, logo_url: url, contentType, sizeBytes: stored.size, sha256: stored.sha256 };
}

/**
 * Public: the organization's current uploaded logo (the signing room and emails load it without a
 * session). Only the file named by default_logo is served; an old or unknown one answers 404.
 */
export async function readPublicLogo(
  input: { organizationId: string; file: string },
  deps: CoreDeps,
): Promise<{ stream: NodeJS.ReadableStream; contentType: string }> {
  if (!DEFAULT_LOGO_PATTERN.test(input.file)) throw notFound(LOGO_MESSAGES.notFound);
  const current = await readOrganizationSetting(deps.db, input.organizationId, "default_logo");
  if (current !== input.file) throw notFound(LOGO_MESSAGES.notFound);
  const stream = await deps.storage.get(blobKey(input.organizationId, input.file));
  return { stream, contentType: input.file.endsWith(".png") ? "image/png" : "image/jpeg" };
}
