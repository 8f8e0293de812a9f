import { hasAnyPermission, type Organization, VIEW_PERMISSIONS } from "@signet/contract";
import { resolveOrganizationAccess } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { presentOrganization } from "./present-organizations.ts";

/** Members with any view permission read their organization; support users read any. */
export async function getOrganization(
  actor: Actor,
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<Organization> {
  const access = await resolveOrganizationAccess(actor, input.organizationId, deps);
  const supportUser = actor.kind === "user" && actor.supportUser;
  if (!supportUser && !hasAnyPermission(access.permissions, VIEW_PERMISSIONS)) throw new AppError("FORBIDDEN");
  const row = await deps.db.organization.findUnique({ where: { id: input.organizationId } });
  if (!row) throw new AppError("NOT_FOUND");
  return presentOrganization(deps.db, row);
}
