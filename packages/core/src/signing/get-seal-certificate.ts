import { X509Certificate } from "node:crypto";
import type { SealCertificateInfo } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { isSelfSigned } from "../sealing/index.ts";
import { signingSettingsAccess } from "./signing-admin-rules.ts";

export async function getSealCertificate(
  actor: Actor,
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<SealCertificateInfo> {
  await signingSettingsAccess(actor, input.organizationId, deps, false);
  const { credentials, source } = await deps.sealKeys.forOrganization(input.organizationId);
  return {
    source,
    subject: credentials.subject,
    fingerprint: credentials.fingerprintSha256,
    notAfter: credentials.notAfter.toISOString(),
    timestampAuthority: deps.config.TSA_URL ?? null,
    padesLevel: !deps.config.TSA_URL ? "B-B" : selfSigned(credentials.certificate) ? "B-T" : "B-LTA",
  };
}

/** A self-signed seal ends its own chain: no CA to ask about revocation, so no long-term data (B-T at most). */
function selfSigned(der: Uint8Array): boolean {
  return isSelfSigned(new X509Certificate(der));
}
