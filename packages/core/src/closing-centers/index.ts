export * from "./closing-center-members.ts";
export * from "./closing-center-shares.ts";
export * from "./closing-center-viewer.ts";
export * from "./closing-centers.ts";
