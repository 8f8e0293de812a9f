export * from "./deliver-webhook-job.ts";
export * from "./record-webhook-event.ts";
export * from "./webhook-endpoints.ts";
export * from "./webhook-retry-schedule.ts";
export * from "./webhook-signature.ts";
