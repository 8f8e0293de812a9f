import { ALL_PERMISSIONS, DEFAULTS, permissionBits } from "@signet/contract";
import type { Db } from "../db/prisma-client.ts";
import { buildGroup, buildOrganization, buildRole, buildUser, grantRoles } from "./builders.ts";

export interface DemoCredentials {
  organizations: { support: string; customer: string };
  users: { label: string; email: string; password: string }[];
}

export const DEMO_CUSTOMER_NAME = "Demo Lending";
export const DEMO_SUPPORT_NAME = "Signet Support";

/**
 * The demo: a support organization with a support user, and one customer organization with an
 * admin and a member. Runs once per database; later starts find it and change nothing.
 */
export async function seedDemo(
  db: Db,
  options: { password: string; supportRoleName?: string },
): Promise<DemoCredentials | null> {
  if (await db.organization.findFirst({ where: { eoSupport: true } })) return null;
  const password = options.password;

  const support = await buildOrganization(db, { name: DEMO_SUPPORT_NAME, eoSupport: true });
  const supportRole = await buildRole(db, {
    organizationId: support.id,
    name: options.supportRoleName ?? DEFAULTS.supportRoleName,
    permissions: ALL_PERMISSIONS,
    eoSupport: true,
    description: "Support staff: every permission, in every organization",
  });
  const supportGroup = await buildGroup(db, { organizationId: support.id, name: DEFAULTS.supportGroupName });
  const supportUser = await buildUser(db, {
    email: "support@signet.local",
    givenName: "Sam",
    familyName: "Support",
    homeOrganizationId: support.id,
    password,
  });
  await grantRoles(db, {
    organizationId: support.id,
    groupId: supportGroup.id,
    userId: supportUser.id,
    roleIds: [supportRole.id],
  });

  const customer = await buildOrganization(db, {
    name: DEMO_CUSTOMER_NAME,
    embeddedSrEnabled: true,
    enabledPkgCollaboration: true,
  });
  const admin = await buildRole(db, {
    organizationId: customer.id,
    name: DEFAULTS.adminRoleName,
    permissions: ALL_PERMISSIONS & ~permissionBits(["VIEW_MANAGE_ORGANIZATIONS"]),
    description: "Administers the organization",
  });
  const loanOfficer = await buildRole(db, {
    organizationId: customer.id,
    name: "Loan Officer",
    permissions: permissionBits(["VIEW_DOCUMENTS_PACKAGES", "MANAGE_DOCUMENTS_PACKAGES"]),
    description: "Builds and sends packages",
  });
  const orgAdminGroup = await buildGroup(db, { organizationId: customer.id, name: DEFAULTS.orgAdminGroupName });
  const officers = await buildGroup(db, {
    organizationId: customer.id,
    name: "Loan Officers",
    parentId: orgAdminGroup.id,
  });
  const adminUser = await buildUser(db, {
    email: "admin@demo.signet.local",
    givenName: "Alex",
    familyName: "Admin",
    homeOrganizationId: customer.id,
    password,
  });
  const memberUser = await buildUser(db, {
    email: "member@demo.signet.local",
    givenName: "Morgan",
    familyName: "Member",
    homeOrganizationId: customer.id,
    password,
  });
  await grantRoles(db, {
    organizationId: customer.id,
    groupId: orgAdminGroup.id,
    userId: adminUser.id,
    roleIds: [admin.id],
  });
  await grantRoles(db, {
    organizationId: customer.id,
    groupId: officers.id,
    userId: memberUser.id,
    roleIds: [loanOfficer.id],
  });

  return {
    organizations: { support: support.id, customer: customer.id },
    users: [
      { label: "Support user (Signet Support)", email: supportUser.email, password },
      { label: "Organization admin (Demo Lending)", email: adminUser.email, password },
      { label: "Member (Demo Lending)", email: memberUser.email, password },
    ],
  };
}
