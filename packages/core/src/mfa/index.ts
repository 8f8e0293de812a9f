export * from "./mfa-enrolment.ts";
export { organizationRequiresMfa } from "./mfa-factors.ts";
export * from "./reset-user-mfa.ts";
export * from "./security-settings.ts";
export * from "./sign-in-challenge.ts";
