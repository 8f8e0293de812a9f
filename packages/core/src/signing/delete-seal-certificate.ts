import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { notFound } from "../errors/app-error.ts";
import { signingSettingsAccess } from "./signing-admin-rules.ts";

export async function deleteSealCertificate(actor: Actor, input: { organizationId: string }, deps: CoreDeps) {
  await signingSettingsAccess(actor, input.organizationId, deps, true);
  await deps.db.$transaction(async (tx) => {
    const { count } = await tx.organizationSealCertificate.deleteMany({
      where: { organizationId: input.organizationId },
    });
    if (count === 0) throw notFound("Organization/Settings not found.");
    await appendAuditEvent(tx, actor, {
      organizationId: input.organizationId,
      streamType: "organization",
      streamId: input.organizationId,
      type: "organization.seal-certificate-removed",
    });
  });
  deps.sealKeys.forget(input.organizationId);
}
