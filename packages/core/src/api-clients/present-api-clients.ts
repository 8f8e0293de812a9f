import {
  API_CLIENT_GRANT_TYPES,
  type ApiClient,
  type ApiClientGrantType,
  type ApiClientSecret,
  type ApiUser,
} from "@signet/contract";
import type { Db } from "../db/index.ts";
import { secretIsActive } from "./client-secret.ts";

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function presentSecret(secret: {
  id: string;
  prefix: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}): ApiClientSecret {
  return {
    id: secret.id,
    prefix: secret.prefix,
    createdAt: secret.createdAt.toISOString(),
    expiresAt: iso(secret.expiresAt),
    lastUsedAt: iso(secret.lastUsedAt),
    revokedAt: iso(secret.revokedAt),
    active: secretIsActive(secret),
  };
}

const secretColumns = {
  id: true,
  prefix: true,
  createdAt: true,
  expiresAt: true,
  lastUsedAt: true,
  revokedAt: true,
} as const;

export const apiClientInclude = { secrets: { select: secretColumns, orderBy: { createdAt: "desc" } } } as const;

export function presentApiClient(client: {
  id: string;
  organizationId: string;
  apiUserId: string;
  clientId: string;
  name: string;
  grantTypes: string[];
  enabled: boolean;
  createdAt: Date;
  lastUpdatedAt: Date;
  version: number;
  secrets: Parameters<typeof presentSecret>[0][];
}): ApiClient {
  return {
    id: client.id,
    organizationId: client.organizationId,
    apiUserId: client.apiUserId,
    clientId: client.clientId,
    name: client.name,
    grantTypes: client.grantTypes.filter((g): g is ApiClientGrantType =>
      (API_CLIENT_GRANT_TYPES as readonly string[]).includes(g),
    ),
    enabled: client.enabled,
    secrets: client.secrets.map(presentSecret),
    createdAt: client.createdAt.toISOString(),
    lastUpdatedAt: client.lastUpdatedAt.toISOString(),
    version: client.version,
  };
}

/** API users of an organization as the contract shows them (all, or the given ids). */
export async function loadApiUsers(db: Db, organizationId: string, userIds?: readonly string[]): Promise<ApiUser[]> {
  const rows = await db.apiUser.findMany({
    where: { organizationId, ...(userIds ? { userId: { in: [...userIds] } } : {}) },
    orderBy: [{ name: "asc" }, { userId: "asc" }],
    include: {
      _count: { select: { clients: true } },
      user: {
        select: {
          memberships: { where: { organizationId }, select: { enabled: true } },
          groupMembers: {
            where: { organizationId },
            select: {
              group: { select: { id: true, name: true } },
              roles: { select: { role: { select: { id: true, name: true } } } },
            },
          },
        },
      },
    },
  });
  return rows.map((row) => ({
    id: row.userId,
    organizationId: row.organizationId,
    name: row.name,
    description: row.description,
    enabled: row.user.memberships[0]?.enabled ?? false,
    groups: row.user.groupMembers
      .map((member) => ({
        id: member.group.id,
        name: member.group.name,
        roles: member.roles.map((r) => r.role).sort((a, b) => a.name.localeCompare(b.name)),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    clientCount: row._count.clients,
    createdAt: row.createdAt.toISOString(),
    lastUpdatedAt: row.lastUpdatedAt.toISOString(),
    version: row.version,
  }));
}
