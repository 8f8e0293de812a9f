// The seam between Signet and an identity-data provider (issue 16 §2, DOMAIN.md §8). The proofing
// use cases speak only this interface; a vendor is one file under adapters/ and one line in
// provider-adapters.ts. The identity details pass through to the provider and are kept nowhere.
import type { IdentityDetails } from "@signet/contract";

/** Where the provider is and how Signet authenticates to it (client credentials). */
export interface IdentityProofingConnection {
  url: string;
  clientId: string;
  clientSecret: string;
}

export type IdentityCheck = { matched: true; reference: string } | { matched: false };

export interface ProviderQuiz {
  quizId: string;
  questions: { id: string; prompt: string; choices: { id: string; text: string }[] }[];
}

/**
 * Why a provider call failed. Every kind means "the check did not happen": the signer is told the
 * service could not be reached, and no attempt is used up.
 */
export class IdentityProofingError extends Error {
  constructor(
    readonly kind: "unreachable" | "timeout" | "auth" | "refused" | "server",
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "IdentityProofingError";
  }
}

export interface IdentityProofingAdapter {
  /** Matches the person; throws IdentityProofingError. */
  checkIdentity(connection: IdentityProofingConnection, details: IdentityDetails): Promise<IdentityCheck>;
  /** Five questions about the matched person; the right answers stay with the provider. */
  startQuiz(connection: IdentityProofingConnection, reference: string): Promise<ProviderQuiz>;
  /** How many answers were right (a quiz is scored once). */
  scoreQuiz(
    connection: IdentityProofingConnection,
    quizId: string,
    answers: { questionId: string; choiceId: string }[],
  ): Promise<{ correctCount: number; questionCount: number }>;
}
