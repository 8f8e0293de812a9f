// Signing steps (issue 34 §1): in ordered signing, participants with the same orderSequence form one
// step and sign in any order among themselves; the next step opens when the step before finished.
// Stored numbers may have gaps (older packages, API callers): only their relative order counts, so
// every screen, event and certificate speaks of steps numbered 1..n.

export interface Stepped {
  id: string;
  orderSequence: number;
}

/** The steps, first to last: participants grouped by equal orderSequence, each group in the order given. */
export function signingSteps<T extends Stepped>(participants: readonly T[]): T[][] {
  const sequences = [...new Set(participants.map((participant) => participant.orderSequence))].sort((a, b) => a - b);
  return sequences.map((sequence) => participants.filter((participant) => participant.orderSequence === sequence));
}

/** The step number (1..n, no gaps) a stored orderSequence stands for among the package's participants. */
export function stepNumberOf(orderSequence: number, participants: readonly Pick<Stepped, "orderSequence">[]): number {
  const sequences = new Set(participants.map((participant) => participant.orderSequence));
  return [...sequences].filter((sequence) => sequence < orderSequence).length + 1;
}

/** The order to save for steps of participant ids: step k's participants all get signingOrder k. */
export function orderOfSteps(
  steps: readonly (readonly string[])[],
): { participantUid: string; signingOrder: number }[] {
  return steps
    .filter((step) => step.length > 0)
    .flatMap((step, index) => step.map((participantUid) => ({ participantUid, signingOrder: index + 1 })));
}

/**
 * Where the builder can put a participant: into an existing step (join k), or into a new step of
 * their own placed after step k (after 0 = before the first step).
 */
export type StepPlace = { join: number } | { after: number };

/** The places offered for a participant now in `currentStep` (1-based) among `stepCount` steps, in reading order. */
export function stepPlaces(
  stepCount: number,
  currentStep: number,
  alone: boolean,
): { value: string; label: string; place: StepPlace }[] {
  const places: { value: string; label: string; place: StepPlace }[] = [];
  for (let step = 0; step <= stepCount; step++) {
    // a participant alone in their step is already "a new step" next to it: offering it again would do nothing
    const besideOwnStep = alone && (step === currentStep || step === currentStep - 1);
    if (step > 0) places.push({ value: `join:${step}`, label: `Step ${step}`, place: { join: step } });
    if (besideOwnStep) continue;
    const label =
      step === 0
        ? "New step before step 1"
        : step === stepCount
          ? "New step at the end"
          : `New step after step ${step}`;
    places.push({ value: `after:${step}`, label, place: { after: step } });
  }
  return places;
}

/** Parses a place value made by stepPlaces ("join:2", "after:0"); null for anything else. */
export function parseStepPlace(value: string): StepPlace | null {
  const match = /^(join|after):(\d{1,4})$/.exec(value);
  if (!match) return null;
  const step = Number(match[2]);
  return match[1] === "join" ? { join: step } : { after: step };
}

/**
 * The steps after moving a participant to a place (numbers as before the move). Empty steps
 * disappear, so the result renumbers 1..n with no gaps.
 */
export function placeInStep(
  steps: readonly (readonly string[])[],
  participantId: string,
  place: StepPlace,
): string[][] {
  // empty steps stay while inserting so that the place's step numbers still point where they did
  const without = steps.map((step) => step.filter((id) => id !== participantId));
  if ("join" in place) {
    const index = Math.min(Math.max(place.join, 1), without.length) - 1;
    without[index] = [...(without[index] ?? []), participantId];
  } else {
    const index = Math.min(Math.max(place.after, 0), without.length);
    without.splice(index, 0, [participantId]);
  }
  return without.filter((step) => step.length > 0);
}

/**
 * A drag in the order list: the dragged participant gets a step of their own right where the
 * participant dropped onto is (before that step when moving up, after it when moving down). With
 * one participant per step this is the plain reorder the list always did.
 */
export function dragToStep(steps: readonly (readonly string[])[], activeId: string, overId: string): string[][] {
  const stepOf = (id: string) => steps.findIndex((step) => step.includes(id));
  const from = stepOf(activeId);
  const to = stepOf(overId);
  if (from < 0 || to < 0 || activeId === overId) return steps.map((step) => [...step]);
  // places count steps 1..n; "after to" puts it before step to+1 when moving down
  return placeInStep(steps, activeId, { after: to < from ? to : to + 1 });
}

/** Steps in plain words: "Step 1: Ada Lovelace, Ben Okafor (in any order)". */
export function describeSteps(steps: readonly (readonly string[])[]): string[] {
  return steps
    .filter((step) => step.length > 0)
    .map((names, index) => `Step ${index + 1}: ${names.join(", ")}${names.length > 1 ? " (in any order)" : ""}`);
}
