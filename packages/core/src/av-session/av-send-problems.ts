import { AV_SESSION_MESSAGES } from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";

/**
 * Issue 16 §2: an A/V eSign package is sent only with exactly one session host, and the host must
 * be invited to the room (a copy recipient never is).
 */
export async function avSendProblems(
  tx: Prisma.TransactionClient,
  pkg: { id: string; avEsign: boolean },
): Promise<{ path: string; message: string }[]> {
  if (!pkg.avEsign) return [];
  const hosts = await tx.participant.findMany({ where: { packageId: pkg.id, avHost: true }, select: { role: true } });
  if (hosts.length !== 1) return [{ path: "avHost", message: AV_SESSION_MESSAGES.sendNeedsHost }];
  if (hosts[0]!.role === "COPY") return [{ path: "avHost", message: AV_SESSION_MESSAGES.hostNotSigner }];
  return [];
}
