export * from "./collect-configuration.ts";
export * from "./export-configuration.ts";
export * from "./import-configuration.ts";
export * from "./plan-configuration-import.ts";
export * from "./read-configuration-archive.ts";
export {
  type ApplyContext,
  type ApplyEntry,
  type CollectedSection,
  type PlanContext,
  type SectionHandler,
  sectionHandler,
} from "./section-handler.ts";
export { CONFIGURATION_SECTIONS } from "./sections/index.ts";
export * from "./write-configuration-archive.ts";
