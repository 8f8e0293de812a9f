export * from "./mfa-enrolment.ts";
export { organizationRequiresMfa } from "./mfa-factors.ts";
export * from "./security-settings.ts";
export * from "./sign-in-challenge.ts";
