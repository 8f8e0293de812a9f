// Issue 34 §2b: witnesses. A witness is a participant who signs (role SIGNER) and attests the
// signature of one named signer of the same package: they sign a witness tag (their signature, their
// printed name and "Witness to <signer>") and only after that signer finished (witnessHeldBack in
// signing-rules.ts). The legal assumptions these rules encode: the witness is a separate person with
// their own email address, nobody witnesses themselves, a witness is not a party whose own signature
// is attested (no chains), and only someone who signs can be witnessed.
import type { ParticipantRole } from "./participant-rules.ts";

export const WITNESS_MESSAGES = {
  self: "A participant cannot witness their own signature.",
  notInPackage: "The witnessed participant must be a signer of this package.",
  witnessMustSign: "A witness signs electronically: give the witness the role Needs to sign.",
  signerMustSign: "Only a participant who needs to sign can be witnessed.",
  noChains: "A witness cannot be witnessed: choose a signer who signs the documents as a party.",
  witnessedCannotWitness: "This participant's own signature is witnessed, so they cannot be a witness too.",
  sameEmail: "The witness must be a different person from the signer, with their own email address.",
  witnessTagNotWitness: "Only a witness can have a witness signature tag: choose whom they witness first.",
  signatureTagWitness: "A witness is not a party to the documents: give them a witness signature tag instead.",
} as const;

/** "Witness to Jane Doe": the line under a witness's signature, on the page and in the certificate. */
export const witnessToLine = (signerName: string) => `Witness to ${signerName}`;
/** "Witnessed by John Roe": the certificate line of a witnessed signer. */
export const witnessedByLine = (witnessNames: readonly string[]) => `Witnessed by ${witnessNames.join(", ")}`;

/** "Alex Smith is witnessed by Sam Lee; ...": why removing (or un-signing) a witnessed signer is refused. */
export function witnessedSignerMessage(signerName: string, witnessNames: readonly string[]): string {
  return `${signerName} is witnessed by ${witnessNames.join(", ")}: remove the witness or choose another signer for them first.`;
}

export interface WitnessCandidate {
  id: string;
  role: ParticipantRole;
  email: string | null;
  witnessForParticipantId: string | null;
}

/**
 * Why `participant` (as it will be after the change) cannot witness the signer it names, or null when
 * it may (or names nobody). `others` are the package's other participants as they are now.
 */
export function witnessProblem(participant: WitnessCandidate, others: readonly WitnessCandidate[]): string | null {
  const signerId = participant.witnessForParticipantId;
  if (signerId === null) return null;
  if (signerId === participant.id) return WITNESS_MESSAGES.self;
  const signer = others.find((candidate) => candidate.id === signerId);
  if (!signer) return WITNESS_MESSAGES.notInPackage;
  if (participant.role !== "SIGNER") return WITNESS_MESSAGES.witnessMustSign;
  if (signer.role !== "SIGNER") return WITNESS_MESSAGES.signerMustSign;
  if (signer.witnessForParticipantId !== null) return WITNESS_MESSAGES.noChains;
  if (others.some((candidate) => candidate.witnessForParticipantId === participant.id)) {
    return WITNESS_MESSAGES.witnessedCannotWitness;
  }
  const email = participant.email?.trim().toLowerCase();
  if (email && email === signer.email?.trim().toLowerCase()) return WITNESS_MESSAGES.sameEmail;
  return null;
}
