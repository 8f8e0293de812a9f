import { hostIdStatement, type InPersonRoom, maskEmail, maskPhone, SIGNING_LIMITS } from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import type { SigningContext } from "../signing/signing-context.ts";

type Reader = Db | Prisma.TransactionClient;

/** Where a code can go: the participant's email and phone on file, masked. */
export function codeChannels(participant: { email: string | null; phoneNumber: string | null }) {
  const email = maskEmail(participant.email);
  const phone = maskPhone(participant.phoneNumber);
  return [
    ...(email ? [{ channel: "EMAIL" as const, destination: email }] : []),
    ...(phone ? [{ channel: "SMS" as const, destination: phone }] : []),
  ];
}

/** The room's view of a hosted session (SigningRoom.inPerson); null for an ordinary session. */
export async function inPersonRoomOf(
  db: Reader,
  context: Pick<SigningContext, "session" | "participant">,
): Promise<InPersonRoom | null> {
  const { session, participant } = context;
  if (!session.hostedByUserId) return null;
  const check = await db.inPersonIdentityCheck.findUnique({ where: { sessionId: session.id } });
  if (!check) return null;
  const now = new Date();
  return {
    hostName: check.hostName,
    confirmed: check.confirmedAt !== null,
    method: check.method,
    channels: codeChannels(participant),
    codeSentTo: check.codeChannel === "EMAIL" || check.codeChannel === "SMS" ? check.codeChannel : null,
    hostStatement: hostIdStatement(check.hostName),
    attemptsLeft: Math.max(0, SIGNING_LIMITS.verificationAttempts - session.verificationFailures),
    lockedUntil: session.lockedUntil && session.lockedUntil > now ? session.lockedUntil.toISOString() : null,
  };
}
