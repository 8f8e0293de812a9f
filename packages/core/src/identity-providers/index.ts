export * from "./identity-provider-views.ts";
export * from "./identity-providers.ts";
export * from "./oidc-session-refresh.ts";
export * from "./oidc-sign-in.ts";
export * from "./test-identity-provider-connection.ts";
