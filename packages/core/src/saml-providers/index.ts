export * from "./saml-metadata.ts";
export * from "./saml-provider-views.ts";
export * from "./saml-providers.ts";
export * from "./saml-sign-in.ts";
