export * from "./run-due-package-transitions.ts";
export * from "./start-package-scheduler.ts";
