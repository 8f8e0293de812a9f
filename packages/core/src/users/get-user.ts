import { USER_MESSAGES, type User } from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { presentUser } from "./present-users.ts";

/** A user of the organization (someone without a membership here is not found); VIEW_USERS_GROUPS_ROLES. */
export async function getUser(
  actor: Actor,
  input: { organizationId: string; userId: string },
  deps: CoreDeps,
): Promise<User> {
  await requirePermission(actor, input.organizationId, "VIEW_USERS_GROUPS_ROLES", deps);
  const user = await presentUser(deps.db, input.organizationId, input.userId);
  if (!user) throw new AppError("NOT_FOUND", USER_MESSAGES.notFound);
  return user;
}
