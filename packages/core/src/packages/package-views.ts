import {
  allowedActions,
  contactSummary,
  PACKAGE_EXPIRATION_TYPES,
  type Package,
  participantDisplayName,
  participantInitials,
  sessionHost,
  type WorkspacePackage,
} from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import type { PackageAccess } from "./package-access.ts";
import { type PackageViewRow, type ParticipantSummary, readPackageViewRow } from "./read-package-view-row.ts";
import { readTridContext, type TridContext, toPackageTrid } from "./trid-view.ts";

type Reader = Db | Prisma.TransactionClient;

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, "en", { sensitivity: "base" });

export const packageViewInclude = {
  groups: { select: { groupId: true, group: { select: { name: true } } } },
  participants: {
    select: {
      id: true,
      type: true,
      roleNumber: true,
      givenName: true,
      familyName: true,
      accessMethod: true,
      avHost: true,
      orderSequence: true,
      createdAt: true,
    },
    orderBy: [{ orderSequence: "asc" }, { createdAt: "asc" }],
  },
} satisfies Prisma.PackageInclude;

type PackageRow = Prisma.PackageGetPayload<{ include: typeof packageViewInclude }>;

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const isExpirationType = (value: string | null): value is (typeof PACKAGE_EXPIRATION_TYPES)[number] =>
  (PACKAGE_EXPIRATION_TYPES as readonly string[]).includes(value ?? "");

function groupRefs(row: Pick<PackageRow, "groups">) {
  return row.groups.map((entry) => ({ groupId: entry.groupId, name: entry.group.name })).sort(byName);
}

/** What readPackageViewRow works out in SQL, from participants already read (in signing order). */
export function summarizeParticipants(participants: PackageRow["participants"]): ParticipantSummary {
  return {
    count: participants.length,
    accessMethods: [...new Set(participants.map((participant) => participant.accessMethod))],
    avHostIds: participants.filter((participant) => participant.avHost).map((participant) => participant.id),
  };
}

/** The package as the API shows it, from a row read with its participants. */
export function toPackage(row: PackageRow, access: PackageAccess, trid?: TridContext): Package {
  return toSummarizedPackage({ ...row, participantSummary: summarizeParticipants(row.participants) }, access, trid);
}

function toSummarizedPackage(row: PackageViewRow, access: PackageAccess, trid?: TridContext): Package {
  const { participantSummary: participants } = row;
  const groupIds = row.groups.map((entry) => entry.groupId);
  return {
    id: row.id,
    shortId: row.shortId,
    organizationId: row.organizationId,
    name: row.name,
    status: row.status,
    packageGroups: groupRefs(row),
    version: row.version,
    paperOrder: row.paperOrder,
    stipsOrder: row.stipsOrder,
    signingOrder: row.signingOrder,
    scheduledAvailability: row.scheduledAvailability,
    scheduledOn: iso(row.scheduledOn),
    expirationType: isExpirationType(row.expirationType) ? row.expirationType : null,
    scheduledExpiryDays: row.scheduledExpiryDays,
    scheduledExpiryTime: row.scheduledExpiryTime,
    packageExpiresAt: iso(row.packageExpiresAt),
    sentAt: iso(row.sentAt),
    availableAt: iso(row.availableAt),
    scheduled: row.status === "STARTED" && row.sentAt !== null,
    enablePrintFulfillment: row.enablePrintFulfillment,
    printMailMilestoneError: row.printMailMilestoneError,
    printServiceProvider: row.printServiceProvider,
    transactionId: row.transactionId,
    avEsign: row.avEsign,
    // the spec's rules over what they look at: the hosts in signing order, one participant per access method
    avHost:
      sessionHost(
        row,
        participants.avHostIds.map((id) => ({ id, avHost: true })),
      )?.id ?? null,
    packageCollaboration: row.packageCollaboration,
    emailTemplate: {
      subject: row.emailSubject,
      introText: row.emailIntroText,
      documentId: row.emailDocumentId,
      isDefault: row.emailIsDefault,
      templateId: row.emailTemplateId,
    },
    vaultId: row.vaultId,
    cancelReason: row.cancelReason,
    createdBy: row.createdById,
    createdAt: row.createdAt.toISOString(),
    lastUpdatedAt: row.lastUpdatedAt.toISOString(),
    participantCount: participants.count,
    contactSummary: contactSummary(participants.accessMethods.map((accessMethod) => ({ accessMethod }))),
    allowedActions: allowedActions(row.status),
    canManage: row.templateKind === null ? access.canManage(groupIds) : access.canManageTemplates,
    templateKind: row.templateKind,
    fromPackageTemplateId: row.fromPackageTemplateId,
    trid: toPackageTrid(row, trid),
  };
}

/** The package's own columns the workspace shows (with its TRID fields, for a TRID package's risk). */
export const WORKSPACE_COLUMNS = [
  "id",
  "shortId",
  "name",
  "status",
  "version",
  "createdById",
  "createdAt",
  "lastUpdatedAt",
  "packageExpiresAt",
  "sentAt",
  "tridPackageType",
  "tridMilestoneApplication",
  "tridMilestoneChangeCircumstances",
  "tridMilestoneConsummation",
  "tridDeliveryMethod",
  "tridSentAt",
  "tridExpirationDays",
] as const satisfies readonly (keyof PackageRow)[];
type WorkspaceRow = Pick<PackageRow, (typeof WORKSPACE_COLUMNS)[number] | "groups" | "participants">;

export function toWorkspacePackage(row: WorkspaceRow, access: PackageAccess, trid?: TridContext): WorkspacePackage {
  const countsByType: Record<string, number> = {};
  for (const participant of row.participants) {
    countsByType[participant.type] = (countsByType[participant.type] ?? 0) + 1;
  }
  return {
    id: row.id,
    shortId: row.shortId,
    name: row.name,
    status: row.status,
    version: row.version,
    packageGroups: groupRefs(row),
    createdBy: row.createdById,
    createdAt: row.createdAt.toISOString(),
    lastUpdatedAt: row.lastUpdatedAt.toISOString(),
    packageExpiresAt: iso(row.packageExpiresAt),
    participantCount: row.participants.length,
    participantCountsByType: countsByType,
    contactSummary: contactSummary(row.participants),
    participants: row.participants.map((participant) => ({
      id: participant.id,
      type: participant.type,
      roleNumber: participant.roleNumber,
      displayName: participantDisplayName(participant),
      initials: participantInitials(participant),
      accessMethod: participant.accessMethod,
    })),
    allowedActions: allowedActions(row.status),
    canManage: access.canManage(row.groups.map((entry) => entry.groupId)),
    tridRisk: row.tridPackageType ? toPackageTrid(row, trid).riskReason : null,
  };
}

export async function loadPackageView(db: Reader, access: PackageAccess, packageId: string): Promise<Package> {
  // one after the other: inside a transaction the reader is one connection
  const row = await readPackageViewRow(db, access.organizationId, packageId);
  return toPackageView(row, packageId, access, await readTridContext(db, access.organizationId));
}

/** The package as the API shows it, from a row read with readPackageViewRow. */
export function toPackageView(
  row: PackageViewRow | null,
  packageId: string,
  access: PackageAccess,
  trid: TridContext,
): Package {
  if (!row) throw new Error(`package ${packageId} vanished`);
  return toSummarizedPackage(row, access, trid);
}
