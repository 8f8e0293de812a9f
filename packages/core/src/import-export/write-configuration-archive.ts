import type { Readable } from "node:stream";
import { CONFIGURATION_FORMAT, CONFIGURATION_FORMAT_VERSION, type ConfigurationManifest } from "@signet/contract";
import { ZipFile } from "yazl";
import type { CollectedConfiguration } from "./collect-configuration.ts";
import type { SectionHandler } from "./section-handler.ts";
import { CONFIGURATION_SECTIONS } from "./sections/index.ts";

/** The manifest of an archive: what it is, where it comes from, which sections it holds. */
export function configurationManifest(
  collected: CollectedConfiguration,
  source: { installation: string; organizationName: string },
  exportedAt: Date,
  sections: readonly SectionHandler[] = CONFIGURATION_SECTIONS,
): ConfigurationManifest {
  return {
    format: CONFIGURATION_FORMAT,
    formatVersion: CONFIGURATION_FORMAT_VERSION,
    exportedAt: exportedAt.toISOString(),
    source,
    sections: sections.map((section) => ({
      name: section.name,
      file: section.file,
      count: collected.sections[section.name]?.length ?? 0,
    })),
  };
}

/** manifest.json, one <section>.json each ({ "items": [...] }) and the files the items name, as one zip stream. */
export function writeConfigurationArchive(
  manifest: ConfigurationManifest,
  collected: CollectedConfiguration,
  sections: readonly SectionHandler[] = CONFIGURATION_SECTIONS,
): Readable {
  const zip = new ZipFile();
  const mtime = new Date(manifest.exportedAt);
  const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
  zip.addBuffer(json(manifest), "manifest.json", { mtime });
  for (const section of sections) {
    zip.addBuffer(json({ items: collected.sections[section.name] ?? [] }), section.file, { mtime });
  }
  for (const [path, bytes] of collected.files) zip.addBuffer(bytes, path, { mtime, compress: false });
  zip.end();
  return zip.outputStream as Readable;
}
