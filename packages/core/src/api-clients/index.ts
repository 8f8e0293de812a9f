export * from "./client-secret.ts";
export * from "./create-api-user.ts";
export * from "./issue-client-credentials-token.ts";
export * from "./list-api-users.ts";
export * from "./manage-api-clients.ts";
export * from "./update-api-user.ts";
