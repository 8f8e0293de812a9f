import { userOrganizationSchema } from "../auth.ts";
import { createGroupSchema, groupRoleSchema, groupSchema, updateGroupSchema } from "../groups.ts";
import { organizationSchema } from "../organizations.ts";
import { createRoleSchema, roleSchema } from "../roles.ts";
import { userSchema } from "../users.ts";
import { handWrite, handWriteRequest } from "./generate.ts";
import { IDS } from "./ids.ts";

// A mortgage lender's organization: a loan processor in the Chicago retail lending group.

export const PEOPLE_EXAMPLES = [
  handWrite(userOrganizationSchema, { id: IDS.organization, name: "Prairie State Mortgage", home: true }),
  handWrite(organizationSchema, {
    id: IDS.organization,
    name: "Prairie State Mortgage",
    description: "Retail and wholesale residential lending",
    customerId: "PSM-0042",
    enabled: true,
    eoSupport: false,
    authorizedFeatures: "eSign Creator",
    createdAt: "2026-01-05T16:00:00.000Z",
    lastUpdatedAt: "2026-02-20T18:45:00.000Z",
    disabledAt: null,
    createdBy: null,
    createdByFullName: null,
    updatedBy: IDS.user,
    disabledBy: null,
    disabledByFullName: null,
    version: 3,
  }),
  handWrite(groupRoleSchema, { id: IDS.role, name: "Loan Processor", roleColor: "#1F6FEB" }),
  handWrite(groupSchema, {
    id: IDS.group,
    parentId: IDS.parentGroup,
    parentName: "Retail Lending",
    name: "Retail Lending — Chicago",
    description: "Loan officers and processors of the Chicago branch",
    memberCount: 14,
    version: 2,
    createdBy: IDS.user,
    updatedBy: IDS.user,
    hasChildren: false,
    hasPackages: true,
    uniqueForPackage: false,
    createdAt: "2026-01-06T15:00:00.000Z",
    lastUpdatedAt: "2026-02-02T17:30:00.000Z",
    canManage: true,
  }),
  handWrite(roleSchema, {
    id: IDS.role,
    name: "Loan Processor",
    description: "Prepares, sends and follows closing packages",
    roleColor: "#1F6FEB",
    permissions: 10,
    permissionNames: ["VIEW_DOCUMENTS_PACKAGES", "MANAGE_DOCUMENTS_PACKAGES"],
    groupCount: 3,
    memberCount: 27,
    systemDefined: false,
    hidden: false,
    eoSupport: false,
    version: 1,
    createdAt: "2026-01-06T15:00:00.000Z",
    lastUpdatedAt: "2026-01-06T15:00:00.000Z",
    createdBy: IDS.user,
    updatedBy: null,
  }),
  handWrite(userSchema, {
    id: IDS.processor,
    givenName: "Grace",
    familyName: "Hopper",
    middleName: null,
    email: "grace.hopper@example.com",
    status: "ACTIVE",
    lastSignIn: "2026-03-16T13:55:00.000Z",
    enabled: true,
    locked: false,
    disabledAt: null,
    deactivatedBy: null,
    deactivatedByFullName: null,
    version: 5,
    homeOrganizationId: IDS.organization,
    homeUserEnabled: true,
    isMember: true,
    groups: [{ id: IDS.group, name: "Retail Lending — Chicago" }],
    roles: [{ id: IDS.role, name: "Loan Processor", groupId: IDS.group, inherited: false }],
    phoneNumber: "3125550188",
    mfaPhoneNumber: null,
  }),
];

export const PEOPLE_REQUEST_EXAMPLES = [
  handWriteRequest(createGroupSchema, {
    name: "Retail Lending — Chicago",
    description: "Loan officers and processors of the Chicago branch",
    parentId: IDS.parentGroup,
    roleIds: [IDS.role],
  }),
  handWriteRequest(updateGroupSchema, { version: 2, description: "Loan officers, processors and closers of Chicago" }),
  handWriteRequest(createRoleSchema, {
    name: "Loan Processor",
    description: "Prepares, sends and follows closing packages",
    roleColor: "#1F6FEB",
    permissions: ["VIEW_DOCUMENTS_PACKAGES", "MANAGE_DOCUMENTS_PACKAGES"],
  }),
];
