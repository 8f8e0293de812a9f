import type { SealCertificateInfo } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
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
  };
}
