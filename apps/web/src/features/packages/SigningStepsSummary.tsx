import { List } from "@mantine/core";
import { describeSteps, type Package, type Participant, signingSteps } from "@signet/contract";

/** A participant's name as the steps list says it: full name, else how the package calls them. */
const nameOf = (participant: Participant) =>
  [participant.givenName, participant.familyName].filter(Boolean).join(" ") || participant.displayName;

/**
 * Ordered signing in plain words (issue 34 §1): "Step 1: Ada Lovelace, Ben Okafor (in any order)",
 * one line a step. Nothing for packages everyone signs at once.
 */
export function SigningStepsSummary(props: {
  participants: Participant[] | undefined;
  signingOrder: Package["signingOrder"];
  /** the list's accessible name, distinct where two lists share a page */
  label?: string;
}) {
  if (props.signingOrder !== "PARTICIPANT" || !props.participants?.length) return null;
  const lines = describeSteps(signingSteps(props.participants).map((step) => step.map(nameOf)));
  return (
    <List size="sm" aria-label={props.label ?? "Signing steps"} data-testid="signing-steps" listStyleType="none">
      {lines.map((line) => (
        <List.Item key={line}>{line}</List.Item>
      ))}
    </List>
  );
}
