export * from "./assert-support-user.ts";
export * from "./get-services-info.ts";
export * from "./metrics/index.ts";
export * from "./parked-jobs.ts";
export * from "./readiness.ts";
