export * from "./daily-summary.ts";
export * from "./notification-link-token.ts";
export * from "./notification-pages.ts";
export * from "./notification-records.ts";
export * from "./record-notification.ts";
