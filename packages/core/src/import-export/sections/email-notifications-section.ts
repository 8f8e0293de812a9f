import { CONFIGURATION_ITEM_LIMITS, type EmailNotificationItem, emailNotificationItemSchema } from "@signet/contract";
import { lowerKey, sectionHandler, sorted } from "../section-handler.ts";

/** Email notification rules by name. */
export const emailNotificationsSection = sectionHandler<EmailNotificationItem>({
  name: "emailNotifications",
  maxItems: CONFIGURATION_ITEM_LIMITS.emailNotifications,
  label: "Email notifications",
  file: "email-notifications.json",
  itemSchema: emailNotificationItemSchema,
  key: (item) => lowerKey(item.name),
  itemLabel: (item) => item.name,
  fields: {
    name: "Name",
    enabled: "Enabled",
    events: "Events",
    notifySender: "Email the sender",
    notifyPackageGroups: "Email the package's groups",
    addresses: "Addresses",
  },
  normalize: (item) => ({
    ...item,
    events: sorted(item.events),
    addresses: sorted(item.addresses),
  }),
  async collect(db, organizationId) {
    const rows = await db.emailNotificationRule.findMany({
      where: { organizationId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    // two rules of one name (possible through the API) travel as the first: names are the key here
    const seen = new Set<string>();
    const items = rows.flatMap((row) => {
      if (seen.has(lowerKey(row.name))) return [];
      seen.add(lowerKey(row.name));
      return [
        {
          name: row.name,
          enabled: row.enabled,
          events: sorted(row.events) as EmailNotificationItem["events"],
          notifySender: row.notifySender,
          notifyPackageGroups: row.notifyPackageGroups,
          addresses: row.addresses,
        },
      ];
    });
    return { items, files: new Map() };
  },
  async validate(items) {
    return items.flatMap((item, index) =>
      item.notifySender || item.notifyPackageGroups || item.addresses.length > 0
        ? []
        : [{ path: `items[${index}].addresses`, message: "A rule needs at least one recipient." }],
    );
  },
  async apply(entries, { tx, organizationId, actor }) {
    for (const { item, action } of entries) {
      const data = {
        name: item.name.trim(),
        enabled: item.enabled,
        events: [...new Set(item.events)],
        notifySender: item.notifySender,
        notifyPackageGroups: item.notifyPackageGroups,
        addresses: item.addresses,
      };
      const existing =
        action === "CHANGE"
          ? await tx.emailNotificationRule.findFirst({
              where: { organizationId, name: { equals: item.name.trim(), mode: "insensitive" } },
              orderBy: [{ createdAt: "asc" }, { id: "asc" }],
              select: { id: true },
            })
          : null;
      if (existing)
        await tx.emailNotificationRule.update({
          where: { id: existing.id },
          data: { ...data, version: { increment: 1 } },
        });
      else
        await tx.emailNotificationRule.create({
          data: { ...data, organizationId, createdById: actor.kind === "user" ? actor.userId : null },
        });
    }
  },
});
