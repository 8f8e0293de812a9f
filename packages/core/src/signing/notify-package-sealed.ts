import type { Prisma } from "../db/generated/client.ts";
import { enqueueOutbox } from "../jobs/enqueue-outbox.ts";
import { sendSigningLink } from "./invite-due-participants.ts";

/**
 * Once sealed: the member who created the package hears it is complete, and every participant
 * reached by email or text gets a fresh link to download their sealed copies.
 */
export async function notifyPackageSealed(
  tx: Prisma.TransactionClient,
  pkg: { id: string; organizationId: string; name: string; createdById: string | null; organization: { name: string } },
  publicUrl: string,
): Promise<void> {
  const now = new Date();
  const participants = await tx.participant.findMany({
    // issue 34 §3: one who handed their part to a delegate cannot open the room any more (their link
    // would only say so); the delegate gets the copies, the sender can share them with the original
    where: { packageId: pkg.id, accessMethod: { in: ["EMAIL", "SMS"] }, signingStatus: { not: "DELEGATED" } },
  });
  for (const participant of participants) {
    const channel = participant.accessMethod === "SMS" ? "SMS" : "EMAIL";
    await sendSigningLink(tx, { ...pkg, participantId: participant.id, channel, now, purpose: "copies" });
  }
  if (!pkg.createdById) return;
  const creator = await tx.user.findUnique({ where: { id: pkg.createdById } });
  if (!creator) return;
  await enqueueOutbox(
    tx,
    "email.send",
    {
      organizationId: pkg.organizationId,
      to: creator.email,
      packageId: pkg.id,
      template: "package-completed",
      data: {
        recipientName: creator.givenName || creator.email,
        packageName: pkg.name,
        organizationName: pkg.organization.name,
        link: `${publicUrl}/packages/${pkg.id}`,
      },
    },
    `package-completed:${pkg.id}`,
  );
}
