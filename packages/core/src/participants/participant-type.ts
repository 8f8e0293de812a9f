import { PARTICIPANT_MESSAGES, participantTypeKey } from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import { AppError } from "../errors/app-error.ts";
import { readPackageSettings } from "../settings/package-settings.ts";

/**
 * The stored spelling of a type: the organization's configured spelling ('borrower' → 'Borrower',
 * setting participant_types, the mortgage list by default). Types compare case-insensitively
 * (participantTypeKey), so one spelling per type keeps the (package, type, roleNumber) index
 * meaningful. A type the organization does not use is refused.
 */
export async function canonicalParticipantType(
  db: Db | Prisma.TransactionClient,
  organizationId: string,
  type: string,
): Promise<string> {
  const key = participantTypeKey(type);
  const { participant_types: configured } = await readPackageSettings(db, organizationId);
  const known = configured.find((candidate) => participantTypeKey(candidate) === key);
  if (!known) {
    throw new AppError("BAD_REQUEST", PARTICIPANT_MESSAGES.unknownType, [
      { path: "type", message: PARTICIPANT_MESSAGES.unknownType },
    ]);
  }
  return known;
}
