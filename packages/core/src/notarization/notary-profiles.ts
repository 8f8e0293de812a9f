import { createHash } from "node:crypto";
import {
  commissionValidOn,
  NOTARIZATION_MESSAGES,
  type NotaryProfile,
  type NotaryProfileInput,
  type NotaryProfilePatch,
} from "@signet/contract";
import { fileTypeFromBuffer } from "file-type";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { NotaryProfile as NotaryProfileRow } from "../db/generated/client.ts";
import { AppError, forbidden, notFound } from "../errors/app-error.ts";
import { loadSealCredentials } from "../sealing/index.ts";
import { notaryAccess } from "./notary-access.ts";

export const toNotaryProfile = (row: NotaryProfileRow, now = new Date()): NotaryProfile => {
  const expiresOn = row.commissionExpiresOn.toISOString().slice(0, 10);
  return {
    id: row.id,
    userId: row.userId,
    notaryName: row.notaryName,
    commissionNumber: row.commissionNumber,
    commissionState: row.commissionState,
    commissionExpiresOn: expiresOn,
    commissionValid: commissionValidOn(expiresOn, now),
    sealSha256: row.sealSha256,
    certificateSubject: row.certificateSubject,
    certificateFingerprint: row.certificateFingerprint,
    certificateNotAfter: row.certificateNotAfter.toISOString(),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
};

/** The seal image, sniffed from its bytes (a name or a declared type proves nothing). */
async function sealImage(base64: string): Promise<{ png: Uint8Array<ArrayBuffer>; sha256: string }> {
  const png = new Uint8Array(Buffer.from(base64, "base64"));
  const sniffed = await fileTypeFromBuffer(png.subarray(0, 4100));
  if (sniffed?.mime !== "image/png") throw new AppError("BAD_REQUEST", NOTARIZATION_MESSAGES.sealNotPng);
  return { png, sha256: createHash("sha256").update(png).digest("hex") };
}

/** The notary's own PKCS#12, checked (it opens, it is current) before it is kept encrypted. */
function certificateFields(deps: CoreDeps, base64: string, password: string) {
  const p12 = Buffer.from(base64, "base64");
  let credentials: ReturnType<typeof loadSealCredentials>;
  try {
    credentials = loadSealCredentials(p12, password);
  } catch {
    throw new AppError("BAD_REQUEST", NOTARIZATION_MESSAGES.certificateInvalid);
  }
  if (credentials.notAfter <= new Date()) throw new AppError("BAD_REQUEST", NOTARIZATION_MESSAGES.certificateExpired);
  return {
    p12Ciphertext: deps.fieldCipher.encrypt(base64),
    passwordCiphertext: deps.fieldCipher.encrypt(password),
    certificateSubject: credentials.subject,
    certificateFingerprint: credentials.fingerprintSha256,
    certificateNotAfter: credentials.notAfter,
  };
}

const profileEvent = (organizationId: string, row: NotaryProfileRow) => ({
  organizationId,
  streamType: "organization" as const,
  streamId: organizationId,
  type: "organization.notary-profile-saved",
  data: {
    notaryProfileId: row.id,
    notaryName: row.notaryName,
    commissionNumber: row.commissionNumber,
    commissionState: row.commissionState,
    commissionExpiresOn: row.commissionExpiresOn.toISOString().slice(0, 10),
    certificateFingerprint: row.certificateFingerprint,
  },
});

/** Self-service: a member records their own commission (one profile per member and organization). */
export async function createNotaryProfile(
  actor: Actor,
  input: { organizationId: string; profile: NotaryProfileInput },
  deps: CoreDeps,
): Promise<NotaryProfile> {
  const { userId } = await notaryAccess(actor, input.organizationId, deps);
  const { profile } = input;
  const seal = await sealImage(profile.sealImage);
  const certificate = certificateFields(deps, profile.certificateP12, profile.certificatePassword);
  const row = await deps.db.$transaction(async (tx) => {
    const existing = await tx.notaryProfile.findUnique({
      where: { organizationId_userId: { organizationId: input.organizationId, userId } },
      select: { id: true },
    });
    if (existing) throw new AppError("CONFLICT", NOTARIZATION_MESSAGES.profileExists);
    const created = await tx.notaryProfile.create({
      data: {
        organizationId: input.organizationId,
        userId,
        notaryName: profile.notaryName,
        commissionNumber: profile.commissionNumber,
        commissionState: profile.commissionState,
        commissionExpiresOn: new Date(`${profile.commissionExpiresOn}T00:00:00Z`),
        sealPng: seal.png,
        sealSha256: seal.sha256,
        ...certificate,
      },
    });
    await appendAuditEvent(tx, actor, profileEvent(input.organizationId, created));
    return created;
  });
  return toNotaryProfile(row);
}

/** The caller's own profile, or every profile of the organization for an administrator. */
export async function listNotaryProfiles(
  actor: Actor,
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<{ records: NotaryProfile[] }> {
  const { userId, admin } = await notaryAccess(actor, input.organizationId, deps);
  const rows = await deps.db.notaryProfile.findMany({
    where: { organizationId: input.organizationId, ...(admin ? {} : { userId }) },
    orderBy: { createdAt: "asc" },
  });
  return { records: rows.map((row) => toNotaryProfile(row)) };
}

async function profileFor(actor: Actor, input: { organizationId: string; profileId: string }, deps: CoreDeps) {
  const { userId, admin } = await notaryAccess(actor, input.organizationId, deps);
  const row = await deps.db.notaryProfile.findFirst({
    where: { id: input.profileId, organizationId: input.organizationId },
  });
  if (!row) throw notFound("Notary profile not found.");
  return { row, own: row.userId === userId, admin };
}

export async function getNotaryProfile(
  actor: Actor,
  input: { organizationId: string; profileId: string },
  deps: CoreDeps,
): Promise<NotaryProfile> {
  const { row, own, admin } = await profileFor(actor, input, deps);
  if (!own && !admin) throw forbidden(NOTARIZATION_MESSAGES.notYourProfile);
  return toNotaryProfile(row);
}

/** Only the notary changes their commission (an administrator may read it, not sign for them). */
export async function updateNotaryProfile(
  actor: Actor,
  input: { organizationId: string; profileId: string; patch: NotaryProfilePatch },
  deps: CoreDeps,
): Promise<NotaryProfile> {
  const { row, own } = await profileFor(actor, input, deps);
  if (!own) throw forbidden(NOTARIZATION_MESSAGES.notYourProfile);
  const { patch } = input;
  if (row.version !== patch.version) throw new AppError("VERSION_NOT_MATCHED");
  const seal = patch.sealImage ? await sealImage(patch.sealImage) : null;
  if (patch.certificateP12 !== undefined && patch.certificatePassword === undefined) {
    throw new AppError("BAD_REQUEST", NOTARIZATION_MESSAGES.certificateInvalid);
  }
  const certificate = patch.certificateP12
    ? certificateFields(deps, patch.certificateP12, patch.certificatePassword ?? "")
    : {};
  const updated = await deps.db.$transaction(async (tx) => {
    const { count } = await tx.notaryProfile.updateMany({
      where: { id: row.id, version: patch.version },
      data: {
        ...(patch.notaryName !== undefined ? { notaryName: patch.notaryName } : {}),
        ...(patch.commissionNumber !== undefined ? { commissionNumber: patch.commissionNumber } : {}),
        ...(patch.commissionState !== undefined ? { commissionState: patch.commissionState } : {}),
        ...(patch.commissionExpiresOn !== undefined
          ? { commissionExpiresOn: new Date(`${patch.commissionExpiresOn}T00:00:00Z`) }
          : {}),
        ...(seal ? { sealPng: seal.png, sealSha256: seal.sha256 } : {}),
        ...certificate,
        version: { increment: 1 },
      },
    });
    if (count === 0) throw new AppError("VERSION_NOT_MATCHED");
    const saved = await tx.notaryProfile.findUniqueOrThrow({ where: { id: row.id } });
    await appendAuditEvent(tx, actor, profileEvent(input.organizationId, saved));
    return saved;
  });
  return toNotaryProfile(updated);
}
