import {
  asParticipantLanguage,
  KBA_QUESTIONS,
  type Participant,
  type PostalAddress,
  participantContact,
  participantDisplayName,
  participantInitials,
} from "@signet/contract";
import type { Participant as ParticipantRow } from "../db/generated/client.ts";

/** `delegatedTo`: the participant this one handed their part to (issue 34 §3), when the caller read it. */
export function toParticipant(row: ParticipantRow, delegatedTo: string | null = null): Participant {
  return {
    id: row.id,
    packageId: row.packageId,
    type: row.type,
    roleNumber: row.roleNumber,
    displayName: participantDisplayName(row),
    initials: participantInitials(row),
    givenName: row.givenName,
    middleName: row.middleName,
    familyName: row.familyName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    contact: participantContact({ accessMethod: row.accessMethod, email: row.email, phone: row.phoneNumber }),
    accessMethod: row.accessMethod,
    role: row.role,
    orderSequence: row.orderSequence,
    avHost: row.avHost,
    witnessForParticipantId: row.witnessForParticipantId,
    language: asParticipantLanguage(row.language),
    signingStatus: row.signingStatus,
    invitedAt: row.invitedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    signedInPersonHost: row.signedInPersonHost,
    idVerification: row.idVerification,
    kbaQuestions: KBA_QUESTIONS.filter((question) => row.kbaQuestions.includes(question)),
    mailingAddress: (row.mailingAddress as unknown as PostalAddress | null) ?? null,
    delegationAllowed: row.delegationAllowed,
    delegatedFromParticipantId: row.delegatedFromParticipantId,
    delegatedToParticipantId: delegatedTo,
    delegationReason: row.delegationReason,
    delegatedAt: row.delegatedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    lastUpdatedAt: row.lastUpdatedAt.toISOString(),
    version: row.version,
  };
}

/** Rows of one package as the API shows them, each with the chain both ways (issue 34 §3). */
export function toParticipants(rows: ParticipantRow[]): Participant[] {
  const delegateOf = new Map(
    rows.flatMap((row) => (row.delegatedFromParticipantId ? [[row.delegatedFromParticipantId, row.id] as const] : [])),
  );
  return rows.map((row) => toParticipant(row, delegateOf.get(row.id) ?? null));
}

/** Signing order, then the order they were added. */
export const participantOrder = [
  { orderSequence: "asc" as const },
  { createdAt: "asc" as const },
  { id: "asc" as const },
];
