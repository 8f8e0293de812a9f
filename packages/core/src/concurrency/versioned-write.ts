import { alreadyExistsMessage } from "@signet/contract";
import { AppError } from "../errors/app-error.ts";

/**
 * Optimistic locking: an update or delete is written as `… WHERE id = ? AND version = ?`; when it
 * touched no row, the row either changed since the client read it (409 'Version not matched') or
 * does not exist for this actor (404).
 */
export async function assertVersionedWrite(count: number, stillExists: () => Promise<boolean>): Promise<void> {
  if (count > 0) return;
  if (await stillExists()) throw new AppError("VERSION_NOT_MATCHED");
  throw new AppError("NOT_FOUND");
}

/** Spec §5: 'This {thing} already exists'. */
export function alreadyExists(thing: string): AppError {
  return new AppError("ALREADY_EXISTS", alreadyExistsMessage(thing));
}

/** True for a unique-constraint violation (Prisma P2002), e.g. two creates racing on one name. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}
