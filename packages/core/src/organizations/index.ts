export * from "./create-organization.ts";
export * from "./get-organization.ts";
export * from "./list-organizations.ts";
export * from "./present-organizations.ts";
export * from "./update-organization.ts";
