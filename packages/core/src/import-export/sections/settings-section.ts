import {
  CONFIGURATION_ITEM_LIMITS,
  isSettingName,
  parseSettingText,
  SETTING_NAMES,
  type SettingItem,
  settingDefaultText,
  settingItemSchema,
} from "@signet/contract";
import { sectionHandler } from "../section-handler.ts";

// Every organization setting of the registry (setting-registry.ts) with its effective value as
// stored text, defaults included: the archive says what the organization does, not which rows it
// has. The logo's two settings travel in the branding section (the image goes with them).

const BRANDING = new Set(["default_logo", "logo_url"]);
const EXPORTED = SETTING_NAMES.filter((name) => !BRANDING.has(name));

function normalizedText(item: SettingItem): string {
  if (!isSettingName(item.name)) return item.value;
  const parsed = parseSettingText(item.name, item.value);
  return parsed.ok ? parsed.text : item.value;
}

export const settingsSection = sectionHandler<SettingItem>({
  name: "settings",
  maxItems: CONFIGURATION_ITEM_LIMITS.settings,
  label: "Settings",
  file: "settings.json",
  itemSchema: settingItemSchema,
  key: (item) => item.name,
  itemLabel: (item) => item.name.replaceAll("_", " ").replace(/^./, (first) => first.toUpperCase()),
  fields: { value: "Value" },
  normalize: (item) => ({ ...item, value: normalizedText(item) }),
  async collect(db, organizationId) {
    const [rows, consentDocuments] = await Promise.all([
      db.organizationSetting.findMany({ where: { organizationId, key: { in: EXPORTED } } }),
      db.consentDocument.count({ where: { organizationId } }),
    ]);
    const stored = new Map(rows.map((row) => [row.key, row.value]));
    const items = EXPORTED.map((name) => {
      const text = stored.get(name);
      const parsed = text === undefined ? null : parseSettingText(name, text);
      return { name, value: parsed?.ok ? parsed.text : settingDefaultText(name) };
    });
    return { items, files: new Map(), facts: { consentDocuments } };
  },
  async validate(items) {
    return items.flatMap((item, index) => {
      if (BRANDING.has(item.name))
        return [{ path: `items[${index}].name`, message: `${item.name} travels in branding.json, with the image.` }];
      if (!isSettingName(item.name)) return [];
      const parsed = parseSettingText(item.name, item.value);
      return parsed.ok ? [] : [{ path: `items[${index}].value`, message: `${item.name}: ${parsed.message}` }];
    });
  },
  conflict(item, _current, context) {
    if (!isSettingName(item.name)) return `This installation has no setting named ${item.name}.`;
    if (item.name === "esign_consent_type" && normalizedText(item) === "CUSTOM") {
      const consentDocuments = (context.facts.settings?.consentDocuments as number | undefined) ?? 0;
      if (consentDocuments === 0)
        return "The archive uses a custom eSign consent, and none is uploaded here: upload the consent document first.";
    }
    return null;
  },
  async apply(entries, { tx, organizationId, actor }) {
    const updatedById = actor.kind === "user" ? actor.userId : null;
    for (const { item } of entries) {
      const value = normalizedText(item);
      await tx.organizationSetting.upsert({
        where: { organizationId_key: { organizationId, key: item.name } },
        create: { organizationId, key: item.name, value, updatedById },
        update: { value, updatedById, version: { increment: 1 } },
      });
    }
  },
});
