export * from "./email-notification-job.ts";
export * from "./email-notification-rules.ts";
export * from "./package-reminder-settings.ts";
export * from "./reminder-policy.ts";
export * from "./run-due-reminders.ts";
