export * from "./email-settings.ts";
export * from "./email-templates.ts";
export * from "./render-email-template.ts";
export * from "./render-organization-mail.ts";
