export * from "./confirm-in-person.ts";
export * from "./in-person-host.ts";
export * from "./in-person-room.ts";
export * from "./start-in-person-signing.ts";
