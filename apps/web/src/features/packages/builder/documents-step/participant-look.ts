import type { Participant } from "@signet/contract";

// How a participant shows on tags and in the switch: a colour, always with the name beside it
// (UX.md: colour is never the only carrier of meaning; two signers may share initials).

/** Colours with at least 3:1 contrast against white, as borders and swatches need. */
export const PARTICIPANT_COLORS = ["#1c7ed6", "#d9480f", "#2b8a3e", "#9c36b5", "#c2255c", "#0b7285", "#5f3dc4"];

export function participantColor(participants: readonly Pick<Participant, "id">[], participantId: string): string {
  const index = Math.max(
    0,
    participants.findIndex((participant) => participant.id === participantId),
  );
  return PARTICIPANT_COLORS[index % PARTICIPANT_COLORS.length] as string;
}

/** The person's name, or the type and number ("BORROWER 1") for a participant without one. */
export function participantName(
  participant: Pick<Participant, "givenName" | "middleName" | "familyName" | "displayName">,
): string {
  const name = [participant.givenName, participant.familyName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  return name || participant.displayName;
}
