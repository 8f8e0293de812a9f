import { RECENT_CONTACTS_LIMIT, type RecentContactList } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { loadPackageAccess } from "../packages/package-access.ts";

/** How many recent participant rows are read to find the distinct people among them. */
const ROWS_READ = 200;

/**
 * The people a sender may add again (issue 33 §3): participants with an email in the packages the
 * caller sees (never a template's slots), one per email, the most recently added first. Only the
 * caller's organization and groups are read, so nobody learns of a borrower they could not see.
 */
export async function listRecentContacts(
  actor: Actor,
  input: { organizationId: string; text?: string },
  deps: CoreDeps,
): Promise<RecentContactList> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  access.require("MANAGE_DOCUMENTS_PACKAGES");
  const text = input.text?.trim();
  const rows = await deps.db.participant.findMany({
    where: {
      organizationId: input.organizationId,
      email: { not: null },
      package: { templateKind: null, groups: { some: { groupId: { in: access.visibleGroupIds } } } },
      ...(text
        ? {
            OR: [
              { givenName: { contains: text, mode: "insensitive" } },
              { familyName: { contains: text, mode: "insensitive" } },
              { email: { contains: text, mode: "insensitive" } },
            ],
          }
        : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: ROWS_READ,
  });
  const byEmail = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    if (row.email && !byEmail.has(row.email)) byEmail.set(row.email, row);
  }
  const records = [...byEmail.values()].slice(0, RECENT_CONTACTS_LIMIT).map((row) => ({
    type: row.type,
    role: row.role,
    givenName: row.givenName,
    middleName: row.middleName,
    familyName: row.familyName,
    email: row.email!,
    phoneNumber: row.phoneNumber,
    accessMethod: row.accessMethod,
    lastUsedAt: row.createdAt.toISOString(),
  }));
  return { records };
}
