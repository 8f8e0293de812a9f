import type { Actor, UserActor } from "../actor.ts";
import { AppError } from "../errors/app-error.ts";

/**
 * Operations views are for support users only (a support role in the support organization). An
 * API client never qualifies: these views show the whole installation, not one organization.
 */
export function assertSupportUser(actor: Actor): asserts actor is UserActor {
  if (actor.kind !== "user" || actor.partial || !actor.organizationId) throw new AppError("UNAUTHORIZED");
  if (!actor.supportUser || actor.apiClient) throw new AppError("FORBIDDEN");
}
