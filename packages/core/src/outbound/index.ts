export * from "./outbound-fetch.ts";
export * from "./outbound-url.ts";
