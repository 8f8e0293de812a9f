export * from "./create-user-invitation.ts";
export * from "./lookup-user-invitation.ts";
export * from "./register-user-invitation.ts";
export * from "./verify-user-invitation.ts";
