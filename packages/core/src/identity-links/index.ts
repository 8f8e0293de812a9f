export * from "./confirm-identity-link.ts";
export * from "./find-federated-account.ts";
export * from "./link-account.ts";
export * from "./list-my-identity-links.ts";
