import type { Package, Participant, PermissionName } from "@signet/contract";
import type { Db } from "@signet/core";
import {
  type AccessOrg,
  newGroup,
  newRole,
  organizationWithAdmin,
  signedIn,
  userWithRoles,
} from "./access-fixtures.ts";
import type { HttpClient } from "./http-client.ts";

// Fixtures of the package suites: an organization with an Admin, officers placed in groups, and the
// API paths of packages and participants at their default versions (packages v9, participants v5).

export const OFFICER: PermissionName[] = ["VIEW_DOCUMENTS_PACKAGES", "MANAGE_DOCUMENTS_PACKAGES"];
export const VIEWER: PermissionName[] = ["VIEW_DOCUMENTS_PACKAGES"];

export function packagePaths(organizationId: string) {
  const v9 = `/api/v9/organizations/${organizationId}`;
  const v5 = `/api/v5/organizations/${organizationId}`;
  const v1 = `/api/v1/organizations/${organizationId}`;
  return {
    packages: `${v9}/packages`,
    package: (packageId: string) => `${v9}/packages/${packageId}`,
    packageGroups: (packageId: string) => `${v9}/packages/${packageId}/package-groups`,
    participants: (packageId: string) => `${v5}/packages/${packageId}/participants`,
    participant: (packageId: string, participantId: string) =>
      `${v5}/packages/${packageId}/participants/${participantId}`,
    participantsOrder: (packageId: string) => `${v9}/packages/${packageId}/participants-order`,
    workspace: `${v1}/workspace-packages`,
    statusCounts: `${v1}/package-status-counts`,
    group: (groupId: string) => `${v1}/groups/${groupId}`,
  };
}

export interface PackageOrg {
  org: AccessOrg;
  admin: HttpClient;
  paths: ReturnType<typeof packagePaths>;
}

export async function packageOrg(db: Db, baseUrl: string): Promise<PackageOrg> {
  const org = await organizationWithAdmin(db);
  return { org, admin: await signedIn(baseUrl, org.admin.email), paths: packagePaths(org.organizationId) };
}

/** A group with a role of the given permissions, and a signed-in user holding it there. */
export async function memberOfNewGroup(
  org: AccessOrg,
  baseUrl: string,
  permissions: PermissionName[],
  options: { parentId?: string | null } = {},
) {
  const role = await newRole(org, permissions);
  const group = await newGroup(org, { parentId: options.parentId ?? null, roleIds: [role.id] });
  const user = await userWithRoles(org, group.id, [role.id]);
  return { role, group, user, client: await signedIn(baseUrl, user.email) };
}

export async function createPackage(client: HttpClient, paths: ReturnType<typeof packagePaths>, body: object = {}) {
  const reply = await client.request<Package>("POST", paths.packages, { json: body });
  if (reply.status !== 201) throw new Error(`create package: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

export async function addParticipant(
  client: HttpClient,
  paths: ReturnType<typeof packagePaths>,
  packageId: string,
  body: object,
) {
  const reply = await client.request<Participant>("POST", paths.participants(packageId), { json: body });
  if (reply.status !== 201) throw new Error(`add participant: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** Audit events of one package's stream, oldest first. */
export function packageAuditTypes(db: Db, packageId: string) {
  return db.auditEvent
    .findMany({
      where: { streamType: "package", streamId: packageId },
      orderBy: { sequence: "asc" },
      select: { type: true },
    })
    .then((events) => events.map((event) => event.type));
}

/**
 * A document row as an upload leaves it (the send check reads no blob), with a signature tag for
 * each participant so that every signer is ready.
 */
export async function withSignableDocument(db: Db, organizationId: string, packageId: string) {
  const document = await db.document.create({
    data: {
      packageId,
      organizationId,
      name: "Note",
      nameKey: "note",
      orderSequence: 1,
      blobKey: `test/${packageId}/note.pdf`,
      sizeBytes: 1024,
      sha256: "0".repeat(64),
      numPages: 1,
      originalFileName: "note.pdf",
    },
  });
  const participants = await db.participant.findMany({ where: { packageId } });
  for (const participant of participants) {
    await db.tag.create({
      data: {
        packageId,
        organizationId,
        documentId: document.id,
        participantId: participant.id,
        type: "SIGNATURE",
        page: 1,
        x: 72,
        y: 600,
        width: 160,
        height: 36,
      },
    });
  }
  return document;
}
