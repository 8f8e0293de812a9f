import type { ClosingCenterKind } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";

/** The closing center a signed-in user works for in one organization. */
export interface ClosingCenterViewer {
  id: string;
  name: string;
  kind: ClosingCenterKind;
  /**
   * false while the member, their closing center or the organization's Closing Center flag is off:
   * they stay a closing-center user (never falling back to group access) who sees no package
   */
  active: boolean;
}

/**
 * Whether the caller acts here as a closing-center user. Only a role-less user of the token's own
 * organization can be one (inviting a member with roles is refused), so members with roles and
 * support users never pay for the lookup. The member row names an email: the account with that
 * verified email is the member, which covers invitations accepted after the member was added.
 */
export function loadClosingCenterViewer(
  actor: Actor,
  organizationId: string,
  organizationBits: number,
  deps: CoreDeps,
): Promise<ClosingCenterViewer | null> {
  if (actor.kind !== "user" || actor.supportUser || actor.organizationId !== organizationId || organizationBits !== 0)
    return Promise.resolve(null);
  actor.accessMemo ??= new Map();
  const key = `closing-center:${organizationId}`;
  let viewer = actor.accessMemo.get(key) as Promise<ClosingCenterViewer | null> | undefined;
  if (!viewer) {
    viewer = findViewer(actor.userId, organizationId, deps);
    actor.accessMemo.set(key, viewer);
  }
  return viewer;
}

async function findViewer(userId: string, organizationId: string, deps: CoreDeps) {
  const [row] = await deps.db.$queryRaw<{ id: string; name: string; kind: ClosingCenterKind; active: boolean }[]>`
    SELECT c.id, c.name, c.kind::text AS kind,
           (m.enabled AND c.enabled AND o."enabledClosingCenter") AS active
      FROM "ClosingCenterMember" m
      JOIN "ClosingCenter" c ON c.id = m."closingCenterId"
      JOIN "Organization" o ON o.id = m."organizationId"
      JOIN "User" u ON u.email = m.email
     WHERE u.id = ${userId}::uuid AND m."organizationId" = ${organizationId}::uuid
     LIMIT 1`;
  return row ?? null;
}
