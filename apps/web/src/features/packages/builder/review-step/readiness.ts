import {
  type Document,
  type DocumentParticipant,
  missingContact,
  PACKAGE_ACTION_MESSAGES,
  type Participant,
  TAG_MESSAGES,
  type Tag,
} from "@signet/contract";

export interface Problem {
  message: string;
  /** the builder step that fixes it */
  step: 1 | 2 | 3;
}

/**
 * What stops the package from being sent, as the server checks it on send (documents, participants
 * with the contact their access method needs, a signature tag for every e-signer), each with the
 * step that fixes it. The server's answer on send stays the authority.
 */
export function readinessProblems(input: {
  documents: readonly Document[];
  participants: readonly Participant[];
  matrix: readonly DocumentParticipant[];
  tags: readonly Tag[];
}): Problem[] {
  const problems: Problem[] = [];
  if (input.documents.length === 0) problems.push({ message: PACKAGE_ACTION_MESSAGES.noDocuments, step: 2 });
  if (input.participants.length === 0) problems.push({ message: PACKAGE_ACTION_MESSAGES.noParticipants, step: 1 });
  for (const participant of input.participants) {
    const missing = missingContact({
      accessMethod: participant.accessMethod,
      email: participant.email,
      phone: participant.phoneNumber,
    });
    if (missing) problems.push({ message: `${participant.displayName}: ${missing}`, step: 1 });
  }
  const eSignDocuments = new Set(input.documents.filter((d) => d.executionType === "E_SIGN").map((d) => d.id));
  const eSigns = (documentId: string, participantId: string) =>
    eSignDocuments.has(documentId) &&
    (input.matrix.find((entry) => entry.documentId === documentId && entry.participantId === participantId)
      ?.executionType ?? "E_SIGN") === "E_SIGN";
  for (const participant of input.participants) {
    const signer = [...eSignDocuments].some((documentId) => eSigns(documentId, participant.id));
    const signed = input.tags.some(
      (tag) =>
        tag.type === "SIGNATURE" && tag.participantId === participant.id && eSigns(tag.documentId, participant.id),
    );
    if (signer && !signed) {
      problems.push({ message: `${participant.displayName} ${TAG_MESSAGES.signatureTagMissing}`, step: 2 });
    }
  }
  return problems;
}
