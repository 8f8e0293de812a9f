import {
  type AddApiClientSecret,
  API_CLIENT_MAX_ACTIVE_SECRETS,
  API_CLIENT_MESSAGES,
  type ApiClient,
  type ApiClientWithSecret,
  type CreateApiClient,
  createApiClientSchema,
  type NewApiClientSecret,
  type UpdateApiClient,
} from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { assertVersionedWrite } from "../concurrency/versioned-write.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";
import { newClientId, newClientSecret, secretIsActive } from "./client-secret.ts";
import { findApiClient, findApiUser } from "./find-api-client.ts";
import { apiClientInclude, presentApiClient, presentSecret } from "./present-api-clients.ts";

// API clients and their secrets (MANAGE_USERS to change, VIEW_USERS_GROUPS_ROLES to read). Every
// change is audited on the API user's stream; secret values appear only in the create answers.

const READERS = ["VIEW_USERS_GROUPS_ROLES", "MANAGE_USERS"] as const;

interface ApiUserScope {
  organizationId: string;
  apiUserId: string;
}
interface ApiClientScope extends ApiUserScope {
  apiClientId: string;
}

function futureExpiry(value: string | undefined): Date | null {
  if (value === undefined) return null;
  const date = new Date(value);
  if (date.getTime() <= Date.now()) {
    throw new AppError("BAD_REQUEST", API_CLIENT_MESSAGES.expiryInPast, [
      { path: "expiresAt", message: API_CLIENT_MESSAGES.expiryInPast },
    ]);
  }
  return date;
}

function audit(tx: Prisma.TransactionClient, actor: Actor, scope: ApiUserScope, type: string, data: object) {
  return appendAuditEvent(tx, actor, {
    organizationId: scope.organizationId,
    streamType: "user",
    streamId: scope.apiUserId,
    type,
    data: data as Record<string, unknown>,
  });
}

export async function listApiClients(actor: Actor, input: ApiUserScope, deps: CoreDeps): Promise<ApiClient[]> {
  await requirePermission(actor, input.organizationId, READERS, deps);
  await findApiUser(deps.db, input.organizationId, input.apiUserId);
  const clients = await deps.db.apiClient.findMany({
    where: { organizationId: input.organizationId, apiUserId: input.apiUserId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: apiClientInclude,
  });
  return clients.map(presentApiClient);
}

export async function getApiClient(actor: Actor, input: ApiClientScope, deps: CoreDeps): Promise<ApiClient> {
  await requirePermission(actor, input.organizationId, READERS, deps);
  return presentApiClient(await findApiClient(deps.db, input.organizationId, input.apiUserId, input.apiClientId));
}

export async function createApiClient(
  actor: Actor,
  input: CreateApiClient & ApiUserScope,
  deps: CoreDeps,
): Promise<ApiClientWithSecret> {
  const body = createApiClientSchema.parse(input);
  await requirePermission(actor, input.organizationId, "MANAGE_USERS", deps);
  await findApiUser(deps.db, input.organizationId, input.apiUserId);
  const expiresAt = futureExpiry(body.secretExpiresAt);
  const secret = newClientSecret();
  const createdById = actor.kind === "user" ? actor.userId : null;
  const created = await deps.db.$transaction(async (tx) => {
    const client = await tx.apiClient.create({
      data: {
        organizationId: input.organizationId,
        apiUserId: input.apiUserId,
        clientId: newClientId(),
        name: body.name,
        grantTypes: [...new Set(body.grantTypes)],
        createdById,
        secrets: {
          create: { organizationId: input.organizationId, prefix: secret.prefix, secretHash: secret.hash, expiresAt },
        },
      },
      include: apiClientInclude,
    });
    await audit(tx, actor, input, "api-client.created", {
      apiClientId: client.id,
      clientId: client.clientId,
      name: client.name,
      secretId: client.secrets[0]!.id,
    });
    return client;
  });
  return {
    client: presentApiClient(created),
    secret: { ...presentSecret(created.secrets[0]!), value: secret.value },
  };
}

export async function updateApiClient(
  actor: Actor,
  input: UpdateApiClient & ApiClientScope,
  deps: CoreDeps,
): Promise<ApiClient> {
  const { organizationId, apiUserId, apiClientId, version } = input;
  const changes = Object.fromEntries(
    Object.entries({ name: input.name, grantTypes: input.grantTypes, enabled: input.enabled }).filter(
      ([, value]) => value !== undefined,
    ),
  ) as Pick<UpdateApiClient, "name" | "grantTypes" | "enabled">;
  await requirePermission(actor, organizationId, "MANAGE_USERS", deps);
  await findApiClient(deps.db, organizationId, apiUserId, apiClientId);
  await deps.db.$transaction(async (tx) => {
    const data = { ...changes, ...(changes.grantTypes ? { grantTypes: [...new Set(changes.grantTypes)] } : {}) };
    const written = await tx.apiClient.updateMany({
      where: { id: apiClientId, organizationId, apiUserId, version },
      data: { ...data, version: { increment: 1 } },
    });
    await assertVersionedWrite(written.count, async () =>
      Boolean(await tx.apiClient.findUnique({ where: { id: apiClientId }, select: { id: true } })),
    );
    await audit(tx, actor, input, "api-client.updated", { apiClientId, changes: data });
  });
  return presentApiClient(await findApiClient(deps.db, organizationId, apiUserId, apiClientId));
}

/** Deleting a client removes its secrets; tokens issued with them fail their per-request check at once. */
export async function deleteApiClient(
  actor: Actor,
  input: ApiClientScope & { version: number },
  deps: CoreDeps,
): Promise<void> {
  const { organizationId, apiUserId, apiClientId, version } = input;
  await requirePermission(actor, organizationId, "MANAGE_USERS", deps);
  const client = await findApiClient(deps.db, organizationId, apiUserId, apiClientId);
  await deps.db.$transaction(async (tx) => {
    const deleted = await tx.apiClient.deleteMany({ where: { id: apiClientId, organizationId, apiUserId, version } });
    await assertVersionedWrite(deleted.count, async () =>
      Boolean(await tx.apiClient.findUnique({ where: { id: apiClientId }, select: { id: true } })),
    );
    await audit(tx, actor, input, "api-client.deleted", { apiClientId, clientId: client.clientId });
  });
}

/**
 * Adds a secret for a rotation: the integrator deploys the new one, then revokes the old one. A
 * third active secret is refused so that a forgotten old secret cannot linger.
 */
export async function addApiClientSecret(
  actor: Actor,
  input: AddApiClientSecret & ApiClientScope,
  deps: CoreDeps,
): Promise<NewApiClientSecret> {
  const { organizationId, apiUserId, apiClientId } = input;
  await requirePermission(actor, organizationId, "MANAGE_USERS", deps);
  await findApiClient(deps.db, organizationId, apiUserId, apiClientId);
  const expiresAt = futureExpiry(input.expiresAt);
  const secret = newClientSecret();
  const created = await deps.db.$transaction(async (tx) => {
    // serialises concurrent adds on the same client, so two requests cannot both pass the count
    await tx.$queryRaw`SELECT id FROM "ApiClient" WHERE id = ${apiClientId}::uuid FOR UPDATE`;
    const secrets = await tx.apiClientSecret.findMany({
      where: { apiClientId },
      select: { revokedAt: true, expiresAt: true },
    });
    if (secrets.filter((s) => secretIsActive(s)).length >= API_CLIENT_MAX_ACTIVE_SECRETS) {
      throw new AppError("CONFLICT", API_CLIENT_MESSAGES.tooManySecrets);
    }
    const row = await tx.apiClientSecret.create({
      data: { organizationId, apiClientId, prefix: secret.prefix, secretHash: secret.hash, expiresAt },
    });
    await audit(tx, actor, input, "api-client.secret-added", { apiClientId, secretId: row.id, prefix: row.prefix });
    return row;
  });
  return { ...presentSecret(created), value: secret.value };
}

export async function revokeApiClientSecret(
  actor: Actor,
  input: ApiClientScope & { secretId: string },
  deps: CoreDeps,
): Promise<void> {
  const { organizationId, apiUserId, apiClientId, secretId } = input;
  await requirePermission(actor, organizationId, "MANAGE_USERS", deps);
  await findApiClient(deps.db, organizationId, apiUserId, apiClientId);
  await deps.db.$transaction(async (tx) => {
    const secret = await tx.apiClientSecret.findFirst({ where: { id: secretId, apiClientId, organizationId } });
    if (!secret) throw new AppError("NOT_FOUND", API_CLIENT_MESSAGES.secretNotFound);
    // revoking twice is not an error: the state asked for holds
    if (secret.revokedAt) return;
    const now = new Date();
    await tx.apiClientSecret.update({
      where: { id: secretId },
      data: { revokedAt: now, revokedById: actor.kind === "user" ? actor.userId : null },
    });
    await audit(tx, actor, input, "api-client.secret-revoked", { apiClientId, secretId, prefix: secret.prefix });
  });
}
