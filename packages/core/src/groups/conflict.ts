import { AppError } from "../errors/app-error.ts";

/** A 409 refusal with its own message (a member already added, a group with sub-groups, a role mismatch). */
export const conflict = (message: string) => new AppError("CONFLICT", message);
