import { type SealCertificateInfo, SIGNING_ADMIN_MESSAGES } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { loadSealCredentials } from "../sealing/index.ts";
import { getSealCertificate } from "./get-seal-certificate.ts";
import { signingSettingsAccess } from "./signing-admin-rules.ts";

/** The organization's own seal (PKCS#12 + password), checked before it is kept encrypted. */
export async function uploadSealCertificate(
  actor: Actor,
  input: { organizationId: string; p12: Buffer; password: string },
  deps: CoreDeps,
): Promise<SealCertificateInfo> {
  await signingSettingsAccess(actor, input.organizationId, deps, true);
  let credentials: ReturnType<typeof loadSealCredentials>;
  try {
    credentials = loadSealCredentials(input.p12, input.password);
  } catch {
    throw new AppError("BAD_REQUEST", SIGNING_ADMIN_MESSAGES.certificateInvalid);
  }
  if (credentials.notAfter <= new Date()) throw new AppError("BAD_REQUEST", SIGNING_ADMIN_MESSAGES.certificateExpired);
  const data = {
    p12Ciphertext: deps.fieldCipher.encrypt(input.p12.toString("base64")),
    passwordCiphertext: deps.fieldCipher.encrypt(input.password),
    subject: credentials.subject,
    fingerprint: credentials.fingerprintSha256,
    notAfter: credentials.notAfter,
    uploadedById: actor.kind === "user" ? actor.userId : null,
    uploadedAt: new Date(),
  };
  await deps.db.$transaction(async (tx) => {
    // a replaced certificate is a rotation: the audit trail names both (issue 18 §4)
    const replaced = await tx.organizationSealCertificate.findUnique({
      where: { organizationId: input.organizationId },
      select: { fingerprint: true },
    });
    await tx.organizationSealCertificate.upsert({
      where: { organizationId: input.organizationId },
      create: { organizationId: input.organizationId, ...data },
      update: data,
    });
    await appendAuditEvent(tx, actor, {
      organizationId: input.organizationId,
      streamType: "organization",
      streamId: input.organizationId,
      type: "organization.seal-certificate-uploaded",
      data: {
        subject: credentials.subject,
        fingerprint: credentials.fingerprintSha256,
        ...(replaced ? { replacedFingerprint: replaced.fingerprint } : {}),
      },
    });
  });
  deps.sealKeys.forget(input.organizationId);
  return getSealCertificate(actor, input, deps);
}
