export * from "./av-join.ts";
export * from "./av-recording.ts";
export * from "./av-room.ts";
export * from "./av-send-problems.ts";
export * from "./av-session-actions.ts";
export * from "./av-session-views.ts";
export * from "./av-signing-gate.ts";
