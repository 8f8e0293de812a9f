import { type SendCheck, TAG_MESSAGES } from "@signet/contract";

export type BuilderStep = 1 | 2 | 3;

export interface StepProblem {
  message: string;
  /** the builder step that fixes it */
  step: BuilderStep;
}

/**
 * The builder step that fixes one of the send check's problems: participants and their contact in
 * step 1, documents and signature tags in step 2, availability and expiration in step 3.
 */
export function stepOfProblem(problem: SendCheck["problems"][number]): BuilderStep {
  if (problem.path === "documents" || problem.message.endsWith(TAG_MESSAGES.signatureTagMissing)) return 2;
  if (problem.path === "participants" || problem.path.startsWith("participants.")) return 1;
  return 3;
}

export function stepProblems(check: SendCheck): StepProblem[] {
  return check.problems.map((problem) => ({ message: problem.message, step: stepOfProblem(problem) }));
}

/**
 * Whether a builder step (1–3) is done: it holds what sending needs, as the server's send check
 * says (issue 11 §2: an empty step is not ticked). Unknown (the check not loaded): not done.
 */
export function stepDone(step: number, check: SendCheck | undefined): boolean {
  if (!check || step > 3) return false;
  return stepProblems(check).every((problem) => problem.step !== step);
}

/** "1 page", "2 pages": a count with its noun, singular for one. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
