export * from "./cancel-package.ts";
export * from "./correct-package.ts";
export * from "./finish-package.ts";
export * from "./get-package-audit.ts";
export * from "./reactivate-package.ts";
export * from "./send-invitation-reminders.ts";
export * from "./send-package.ts";
