import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";

/** One package audit event in a transaction of its own (reads that are themselves recorded, such as copies issued). */
export function appendAuditEventFor(
  deps: CoreDeps,
  actor: Actor,
  organizationId: string,
  packageId: string,
  type: string,
  data: Record<string, unknown>,
) {
  return deps.db.$transaction((tx) =>
    appendAuditEvent(tx, actor, { organizationId, streamType: "package", streamId: packageId, type, data }),
  );
}
