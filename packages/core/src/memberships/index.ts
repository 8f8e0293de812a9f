export * from "./add-group-members.ts";
export * from "./get-membership.ts";
export * from "./list-group-members.ts";
export * from "./remove-group-member.ts";
export * from "./set-member-roles.ts";
