export * from "./add-participant.ts";
export * from "./list-participants.ts";
export * from "./list-recent-contacts.ts";
export * from "./remove-participant.ts";
export * from "./set-participants-order.ts";
export * from "./update-participant.ts";
