import { EMAIL_SETTING_KEYS, type EmailSettings } from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Db } from "../db/prisma-client.ts";
import { readOrganizationSettings } from "../settings/read-organization-settings.ts";

const READERS = ["VIEW_ADMIN_SETTINGS", "MANAGE_ADMIN_SETTINGS"] as const;
const ADMINS = ["MANAGE_ADMIN_SETTINGS"] as const;
const KEYS = Object.values(EMAIL_SETTING_KEYS);

/** The email settings as stored (a value that no longer parses counts as empty), with the organization's name. */
export async function readEmailSettings(
  db: Pick<Db, "organizationSetting" | "organization">,
  organizationId: string,
): Promise<EmailSettings & { organizationName: string }> {
  const [values, organization] = await Promise.all([
    readOrganizationSettings(db, organizationId, KEYS),
    db.organization.findUnique({ where: { id: organizationId }, select: { name: true } }),
  ]);
  return {
    fromText: values.email_from_text,
    replyTo: values.email_reply_to,
    organizationName: organization?.name ?? "",
  };
}

export async function getEmailSettings(
  actor: Actor,
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<EmailSettings> {
  await requirePermission(actor, input.organizationId, READERS, deps);
  const { fromText, replyTo } = await readEmailSettings(deps.db, input.organizationId);
  return { fromText, replyTo };
}

/** Spec §7 PUT with query parameters: a parameter left out keeps its value, an empty one clears it. */
export async function updateEmailSettings(
  actor: Actor,
  input: { organizationId: string; fromText?: string; replyTo?: string },
  deps: CoreDeps,
): Promise<EmailSettings> {
  const { organizationId } = input;
  await requirePermission(actor, organizationId, ADMINS, deps);
  const changes = (["fromText", "replyTo"] as const).filter((field) => input[field] !== undefined);
  await deps.db.$transaction(async (tx) => {
    for (const field of changes) {
      const key = EMAIL_SETTING_KEYS[field];
      const value = input[field] ?? "";
      if (value === "") {
        await tx.organizationSetting.deleteMany({ where: { organizationId, key } });
      } else {
        await tx.organizationSetting.upsert({
          where: { organizationId_key: { organizationId, key } },
          create: { organizationId, key, value, updatedById: actor.kind === "user" ? actor.userId : null },
          update: { value, updatedById: actor.kind === "user" ? actor.userId : null },
        });
      }
    }
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "organization",
      streamId: organizationId,
      type: "email-settings.updated",
      data: { fromText: input.fromText, replyTo: input.replyTo },
    });
  });
  const { fromText, replyTo } = await readEmailSettings(deps.db, organizationId);
  return { fromText, replyTo };
}
