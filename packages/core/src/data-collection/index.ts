export * from "./data-collection-fields.ts";
export * from "./data-collection-groups.ts";
