export * from "./create-user-invitation.ts";
export * from "./list-user-invitations.ts";
export * from "./lookup-user-invitation.ts";
export * from "./register-user-invitation.ts";
export * from "./resend-user-invitation.ts";
export * from "./revoke-user-invitation.ts";
export * from "./verify-user-invitation.ts";
