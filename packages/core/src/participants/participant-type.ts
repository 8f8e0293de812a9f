import { DEFAULT_PARTICIPANT_TYPES, participantTypeKey } from "@signet/contract";

/**
 * The stored spelling of a type: a configured type as configured ('borrower' → 'Borrower'), any other
 * type trimmed with inner spaces collapsed. Types compare case-insensitively (participantTypeKey),
 * so one spelling per type keeps the (package, type, roleNumber) index meaningful.
 * Decision: until organizations configure their own list (settings), the mortgage defaults are the
 * configured list and other types are accepted as typed.
 */
export function canonicalParticipantType(type: string): string {
  const key = participantTypeKey(type);
  return (
    DEFAULT_PARTICIPANT_TYPES.find((known) => participantTypeKey(known) === key) ?? type.trim().replace(/\s+/g, " ")
  );
}
