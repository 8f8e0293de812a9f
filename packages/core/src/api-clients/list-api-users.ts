import type { ApiUser, ApiUserList } from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { findApiUser } from "./find-api-client.ts";
import { loadApiUsers } from "./present-api-clients.ts";

/** VIEW_USERS_GROUPS_ROLES or MANAGE_USERS: the organization's API users, by name. */
export async function listApiUsers(
  actor: Actor,
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<ApiUserList> {
  await requirePermission(actor, input.organizationId, ["VIEW_USERS_GROUPS_ROLES", "MANAGE_USERS"], deps);
  const records = await loadApiUsers(deps.db, input.organizationId);
  return { records, count: records.length };
}

export async function getApiUser(
  actor: Actor,
  input: { organizationId: string; apiUserId: string },
  deps: CoreDeps,
): Promise<ApiUser> {
  await requirePermission(actor, input.organizationId, ["VIEW_USERS_GROUPS_ROLES", "MANAGE_USERS"], deps);
  await findApiUser(deps.db, input.organizationId, input.apiUserId);
  const [apiUser] = await loadApiUsers(deps.db, input.organizationId, [input.apiUserId]);
  return apiUser!;
}
