import type { CoreDeps } from "../core-deps.ts";
import type { ReadDb, SectionHandler } from "./section-handler.ts";
import { CONFIGURATION_SECTIONS } from "./sections/index.ts";

/** An organization's configuration, section by section, as the archive describes it. */
export interface CollectedConfiguration {
  sections: Record<string, unknown[]>;
  files: Map<string, Buffer>;
  facts: Record<string, Record<string, unknown>>;
}

/** Reads every section of one organization (the source of an export, or the target of an import). */
export async function collectConfiguration(
  db: ReadDb,
  organizationId: string,
  deps: CoreDeps,
  sections: readonly SectionHandler[] = CONFIGURATION_SECTIONS,
): Promise<CollectedConfiguration> {
  const collected: CollectedConfiguration = { sections: {}, files: new Map(), facts: {} };
  // one after the other: inside an import's transaction the reads share one connection
  for (const section of sections) {
    const { items, files, facts } = await section.collect(db, organizationId, deps);
    collected.sections[section.name] = items;
    collected.facts[section.name] = facts ?? {};
    for (const [path, bytes] of files) collected.files.set(path, bytes);
  }
  return collected;
}
