export * from "./get-user.ts";
export * from "./list-users.ts";
export * from "./list-users-base-info.ts";
export * from "./present-users.ts";
export * from "./reset-user-password.ts";
export * from "./update-user.ts";
