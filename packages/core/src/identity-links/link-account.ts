import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { Prisma } from "../db/generated/client.ts";
import type { ProviderKind } from "./find-federated-account.ts";

/** Records a link (in the caller's transaction) and audits it on the person's stream. */
export async function linkAccount(
  tx: Prisma.TransactionClient,
  actor: Actor,
  input: {
    userId: string;
    organizationId: string;
    providerKind: ProviderKind;
    providerId: string;
    providerName: string;
    subject: string;
    linkedBy: "jit" | "email" | "password";
  },
) {
  const link = await tx.identityLink.create({
    data: {
      userId: input.userId,
      providerKind: input.providerKind,
      providerId: input.providerId,
      subject: input.subject,
      linkedBy: input.linkedBy,
    },
  });
  await appendAuditEvent(tx, actor, {
    organizationId: input.organizationId,
    streamType: "user",
    streamId: input.userId,
    type: "identity-link.created",
    data: {
      providerKind: input.providerKind,
      providerId: input.providerId,
      provider: input.providerName,
      linkedBy: input.linkedBy,
    },
  });
  return link;
}
