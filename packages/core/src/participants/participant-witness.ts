import {
  participantDisplayName,
  type WitnessCandidate,
  witnessedSignerMessage,
  witnessProblem,
} from "@signet/contract";
import { AppError } from "../errors/app-error.ts";
import { packageConflict } from "../packages/package-access.ts";

type Named = { givenName: string | null; middleName: string | null; familyName: string | null } & {
  type: string;
  roleNumber: number;
};

const nameOf = (participant: Named) =>
  [participant.givenName, participant.middleName, participant.familyName].filter(Boolean).join(" ") ||
  participantDisplayName(participant);

/**
 * Issue 34 §2b: refuses a witness choice the rules forbid, on the field witnessForParticipantId (400).
 * A template's slots may name a witness too: the blueprint carries the link to packages made from it.
 */
export function assertWitness(participant: WitnessCandidate, others: readonly WitnessCandidate[]): void {
  const message = witnessProblem(
    participant,
    others.filter((other) => other.id !== participant.id),
  );
  if (message) throw new AppError("BAD_REQUEST", message, [{ path: "witnessForParticipantId", message }]);
}

/**
 * A signer someone witnesses cannot be removed, or stop signing, while the witness still names them:
 * the witness would attest nothing. 409 naming the witnesses, so the sender knows what to change.
 */
export function assertNotWitnessed(
  signer: Named & { id: string },
  participants: readonly (Named & WitnessCandidate)[],
) {
  const witnesses = participants.filter((candidate) => candidate.witnessForParticipantId === signer.id);
  if (witnesses.length === 0) return;
  throw packageConflict(witnessedSignerMessage(nameOf(signer), witnesses.map(nameOf)));
}
