import { CONFIGURATION_ITEM_LIMITS, type WebhookItem, webhookItemSchema, webhookUrlProblem } from "@signet/contract";
import { generateWebhookSecret } from "../../webhooks/webhook-signature.ts";
import { sectionHandler, sorted } from "../section-handler.ts";

// Webhook endpoints by URL, never with their signing secrets: an endpoint created by an import gets
// a new secret, shown once in the import's answer (the receiver must be given it).

export const webhooksSection = sectionHandler<WebhookItem>({
  name: "webhooks",
  maxItems: CONFIGURATION_ITEM_LIMITS.webhooks,
  label: "Webhooks",
  file: "webhooks.json",
  itemSchema: webhookItemSchema,
  key: (item) => item.url.trim(),
  itemLabel: (item) => item.url,
  fields: { description: "Description", eventTypes: "Events", enabled: "Enabled" },
  normalize: (item) => ({ ...item, eventTypes: sorted(item.eventTypes) }),
  async collect(db, organizationId) {
    const rows = await db.webhookEndpoint.findMany({
      where: { organizationId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    const seen = new Set<string>();
    const items = rows.flatMap((row) => {
      if (seen.has(row.url)) return [];
      seen.add(row.url);
      return [
        {
          url: row.url,
          description: row.description,
          eventTypes: sorted(row.eventTypes) as WebhookItem["eventTypes"],
          enabled: row.enabled,
        },
      ];
    });
    return { items, files: new Map() };
  },
  conflict(item, _current, context) {
    const problem = webhookUrlProblem(item.url, { allowedHosts: context.config.OUTBOUND_ALLOWED_HOSTS });
    return problem ? `This installation does not deliver to this address: ${problem}` : null;
  },
  notes: (_item, current) =>
    current ? [] : ["A new signing secret is made: it is shown once after the import; give it to the receiver."],
  async apply(entries, { tx, organizationId, deps, webhookSecrets }) {
    for (const { item, action } of entries) {
      const data = {
        url: item.url.trim(),
        description: item.description ?? null,
        eventTypes: [...new Set(item.eventTypes)],
        enabled: item.enabled,
      };
      if (action === "CREATE") {
        const secret = generateWebhookSecret();
        await tx.webhookEndpoint.create({
          data: { ...data, organizationId, secretEncrypted: deps.fieldCipher.encrypt(secret) },
        });
        webhookSecrets.push({ url: data.url, secret });
      } else {
        const existing = await tx.webhookEndpoint.findFirstOrThrow({
          where: { organizationId, url: data.url },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
          select: { id: true },
        });
        await tx.webhookEndpoint.update({ where: { id: existing.id }, data: { ...data, version: { increment: 1 } } });
      }
    }
  },
});
