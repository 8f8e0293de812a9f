export * from "./assert-support-user.ts";
export * from "./get-services-info.ts";
export * from "./parked-jobs.ts";
