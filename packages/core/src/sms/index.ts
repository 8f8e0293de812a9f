export * from "./create-sms-sender.ts";
export * from "./sms-sender.ts";
