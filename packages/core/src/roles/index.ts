export * from "./create-role.ts";
export * from "./delete-role.ts";
export * from "./get-role.ts";
export * from "./list-roles.ts";
export * from "./update-role.ts";
