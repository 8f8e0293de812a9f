import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";

type Reader = Db | Prisma.TransactionClient;

/**
 * The host of a hosted (in-person) session as "Name (email)", or null for an ordinary session:
 * what the participant row keeps when they finish on the host's device.
 */
export async function hostOf(
  db: Reader,
  session: { id: string; hostedByUserId: string | null },
): Promise<string | null> {
  if (!session.hostedByUserId) return null;
  const check = await db.inPersonIdentityCheck.findUnique({ where: { sessionId: session.id } });
  return check ? `${check.hostName} (${check.hostEmail})` : null;
}

/** A user as the certificate and the room name them: given and family names, else the email. */
export function hostDisplayName(user: { givenName: string; familyName: string; email: string }): string {
  return `${user.givenName} ${user.familyName}`.trim() || user.email;
}

/**
 * A hosted link opened: the session's identity check starts, with the host's name and email as they
 * are now (the certificate quotes them even if the member later changes or leaves).
 */
export async function startHostedCheck(
  tx: Prisma.TransactionClient,
  session: { id: string; organizationId: string; packageId: string; participantId: string },
  hostUserId: string,
): Promise<void> {
  const host = await tx.user.findUnique({
    where: { id: hostUserId },
    select: { givenName: true, familyName: true, email: true },
  });
  await tx.inPersonIdentityCheck.create({
    data: {
      organizationId: session.organizationId,
      packageId: session.packageId,
      participantId: session.participantId,
      sessionId: session.id,
      hostUserId,
      hostName: host ? hostDisplayName(host) : "a former member",
      hostEmail: host?.email ?? "unknown",
    },
  });
}
