import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import {
  type BrandingItem,
  brandingItemSchema,
  CONFIGURATION_ITEM_LIMITS,
  DEFAULT_LOGO_PATTERN,
  LOGO_LIMITS,
  LOGO_MESSAGES,
  logoPublicUrl,
  parseSettingText,
} from "@signet/contract";
import { signingRoomOrigin } from "../../package-actions/collaboration-link.ts";
import { readOrganizationSettings } from "../../settings/read-organization-settings.ts";
import { sectionHandler, type Tx } from "../section-handler.ts";

// The organization's uploaded logo (its image travels in files/branding/) and a logo address typed
// in instead. On import the image is stored under the target organization and its address made
// there, as the logo upload does (settings/organization-logo.ts keeps logos under the same keys).

const logoBlobKey = (organizationId: string, file: string) => `logos/${organizationId}/${file}`;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}

async function upsert(tx: Tx, organizationId: string, key: string, value: string, updatedById: string | null) {
  await tx.organizationSetting.upsert({
    where: { organizationId_key: { organizationId, key } },
    create: { organizationId, key, value, updatedById },
    update: { value, updatedById, version: { increment: 1 } },
  });
}

export const brandingSection = sectionHandler<BrandingItem>({
  name: "branding",
  maxItems: CONFIGURATION_ITEM_LIMITS.branding,
  label: "Branding",
  file: "branding.json",
  itemSchema: brandingItemSchema,
  key: (item) => item.kind,
  itemLabel: (item) => (item.kind === "logo" ? "Logo image" : "Logo address"),
  fields: { sha256: "Image", url: "Address" } as Record<string, string>,
  async collect(db, organizationId, deps) {
    const { default_logo: logo, logo_url: url } = await readOrganizationSettings(db, organizationId, [
      "default_logo",
      "logo_url",
    ]);
    const items: BrandingItem[] = [];
    const files = new Map<string, Buffer>();
    let uploadedUrl: string | null = null;
    if (DEFAULT_LOGO_PATTERN.test(logo)) {
      const bytes = await readAll(await deps.storage.get(logoBlobKey(organizationId, logo)));
      const file = `files/branding/${logo}`;
      files.set(file, bytes);
      items.push({ kind: "logo", file, sha256: logo.slice(0, 64) });
      uploadedUrl = logoPublicUrl(signingRoomOrigin(deps.config), organizationId, logo);
    }
    if (url !== "" && url !== uploadedUrl) items.push({ kind: "logoUrl", url });
    return { items, files };
  },
  async validate(items, files) {
    const problems: { path: string; message: string }[] = [];
    for (const [index, item] of items.entries()) {
      if (item.kind === "logoUrl") {
        const parsed = parseSettingText("logo_url", item.url);
        if (!parsed.ok) problems.push({ path: `items[${index}].url`, message: parsed.message });
        continue;
      }
      const bytes = files.get(item.file);
      if (!bytes) {
        problems.push({ path: `items[${index}].file`, message: `The archive has no ${item.file}.` });
        continue;
      }
      if (bytes.length > LOGO_LIMITS.bytes)
        problems.push({ path: `items[${index}].file`, message: LOGO_MESSAGES.tooLarge });
      const png = bytes.subarray(0, PNG.length).equals(PNG);
      const jpeg = bytes.subarray(0, JPEG.length).equals(JPEG);
      if (!(png && item.file.endsWith(".png")) && !(jpeg && item.file.endsWith(".jpg")))
        problems.push({ path: `items[${index}].file`, message: LOGO_MESSAGES.notRaster });
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      if (sha256 !== item.sha256 || !item.file.includes(sha256))
        problems.push({ path: `items[${index}].sha256`, message: "The image does not match its SHA-256." });
    }
    return problems;
  },
  async apply(entries, { tx, organizationId, actor, deps, files }) {
    const updatedById = actor.kind === "user" ? actor.userId : null;
    for (const { item } of entries) {
      if (item.kind === "logoUrl") {
        await upsert(tx, organizationId, "logo_url", item.url, updatedById);
        continue;
      }
      const file = item.file.slice("files/branding/".length);
      // stored under its hash: a failed import leaves at most an unreferenced copy, never a wrong logo
      await deps.storage.put(logoBlobKey(organizationId, file), Readable.from([files.get(item.file) as Buffer]));
      await upsert(tx, organizationId, "default_logo", file, updatedById);
      await upsert(
        tx,
        organizationId,
        "logo_url",
        logoPublicUrl(signingRoomOrigin(deps.config), organizationId, file),
        updatedById,
      );
    }
  },
});
