import {
  type CreateIdentityProvider,
  IDENTITY_PROVIDER_MESSAGES,
  type IdentityProvider,
  type IdentityProviderList,
  ISSUER_URL_MESSAGES,
  type SignInProviderList,
  type UpdateIdentityProvider,
} from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";
import { assertOutboundUrl } from "../outbound/outbound-url.ts";
import { packageVersionConflict } from "../packages/package-access.ts";
import { identityProviderNotFound, normalizeScopes, toIdentityProvider } from "./identity-provider-views.ts";

type Tx = Prisma.TransactionClient;
const READERS = ["VIEW_ADMIN_SETTINGS", "MANAGE_ADMIN_SETTINGS"] as const;
const ADMINS = ["MANAGE_ADMIN_SETTINGS"] as const;

export interface IdentityProviderRef {
  organizationId: string;
  providerId: string;
}

function audit(tx: Tx, actor: Actor, organizationId: string, type: string, data: Record<string, unknown>) {
  return appendAuditEvent(tx, actor, {
    organizationId,
    streamType: "organization",
    streamId: organizationId,
    type,
    data,
  });
}

export async function findIdentityProvider(db: Tx | CoreDeps["db"], ref: IdentityProviderRef) {
  const row = await db.identityProvider.findFirst({
    where: { id: ref.providerId, organizationId: ref.organizationId },
  });
  if (!row) throw identityProviderNotFound();
  return row;
}

/** People created at first sign-in join a group of this organization with roles of this organization. */
async function assertJitTarget(
  tx: Tx,
  organizationId: string,
  jit: { jitEnabled: boolean; jitGroupId: string | null; jitRoleIds: string[] },
) {
  if (jit.jitEnabled && !jit.jitGroupId) {
    throw new AppError("BAD_REQUEST", IDENTITY_PROVIDER_MESSAGES.jitNeedsGroup, [
      { path: "jitGroupId", message: IDENTITY_PROVIDER_MESSAGES.jitNeedsGroup },
    ]);
  }
  if (jit.jitGroupId) {
    const group = await tx.group.findFirst({ where: { id: jit.jitGroupId, organizationId }, select: { id: true } });
    if (!group) {
      throw new AppError("BAD_REQUEST", IDENTITY_PROVIDER_MESSAGES.jitGroupNotFound, [
        { path: "jitGroupId", message: IDENTITY_PROVIDER_MESSAGES.jitGroupNotFound },
      ]);
    }
  }
  const roleIds = [...new Set(jit.jitRoleIds)];
  if (roleIds.length > 0) {
    const found = await tx.role.count({ where: { id: { in: roleIds }, organizationId } });
    if (found !== roleIds.length) {
      throw new AppError("BAD_REQUEST", IDENTITY_PROVIDER_MESSAGES.jitRoleNotFound, [
        { path: "jitRoleIds", message: IDENTITY_PROVIDER_MESSAGES.jitRoleNotFound },
      ]);
    }
  }
}

/** One default per organization: making one the default clears the flag on the others. */
async function clearOtherDefaults(tx: Tx, organizationId: string, keepId: string) {
  await tx.identityProvider.updateMany({
    where: { organizationId, isDefault: true, id: { not: keepId } },
    data: { isDefault: false, version: { increment: 1 } },
  });
}

export async function listIdentityProviders(
  actor: Actor,
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<IdentityProviderList> {
  await requirePermission(actor, input.organizationId, READERS, deps);
  const rows = await deps.db.identityProvider.findMany({
    where: { organizationId: input.organizationId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return { records: rows.map((row) => toIdentityProvider(row, deps.config)), count: rows.length };
}

export async function getIdentityProvider(
  actor: Actor,
  input: IdentityProviderRef,
  deps: CoreDeps,
): Promise<IdentityProvider> {
  await requirePermission(actor, input.organizationId, READERS, deps);
  return toIdentityProvider(await findIdentityProvider(deps.db, input), deps.config);
}

export async function createIdentityProvider(
  actor: Actor,
  input: CreateIdentityProvider & { organizationId: string },
  deps: CoreDeps,
): Promise<IdentityProvider> {
  const { organizationId, clientSecret, ...fields } = input;
  await requirePermission(actor, organizationId, ADMINS, deps);
  assertOutboundUrl(fields.issuer, deps.config, ISSUER_URL_MESSAGES, "issuer");
  const row = await deps.db.$transaction(async (tx) => {
    const jit = { jitEnabled: fields.jitEnabled, jitGroupId: fields.jitGroupId ?? null, jitRoleIds: fields.jitRoleIds };
    await assertJitTarget(tx, organizationId, jit);
    const created = await tx.identityProvider.create({
      data: {
        organizationId,
        name: fields.name,
        issuer: fields.issuer,
        clientId: fields.clientId,
        clientSecretEncrypted: deps.fieldCipher.encrypt(clientSecret),
        scopes: normalizeScopes(fields.scopes),
        emailClaim: fields.emailClaim,
        givenNameClaim: fields.givenNameClaim,
        familyNameClaim: fields.familyNameClaim,
        enabled: fields.enabled,
        isDefault: fields.isDefault,
        ...jit,
        jitRoleIds: [...new Set(jit.jitRoleIds)],
      },
    });
    if (created.isDefault) await clearOtherDefaults(tx, organizationId, created.id);
    await audit(tx, actor, organizationId, "identity-provider.created", {
      providerId: created.id,
      name: created.name,
      issuer: created.issuer,
    });
    return created;
  });
  return toIdentityProvider(row, deps.config);
}

export async function updateIdentityProvider(
  actor: Actor,
  input: UpdateIdentityProvider & IdentityProviderRef,
  deps: CoreDeps,
): Promise<IdentityProvider> {
  const { organizationId, providerId, version, clientSecret, ...changes } = input;
  await requirePermission(actor, organizationId, ADMINS, deps);
  if (changes.issuer !== undefined) assertOutboundUrl(changes.issuer, deps.config, ISSUER_URL_MESSAGES, "issuer");
  const row = await deps.db.$transaction(async (tx) => {
    const current = await findIdentityProvider(tx, input);
    const jit = {
      jitEnabled: changes.jitEnabled ?? current.jitEnabled,
      jitGroupId: changes.jitGroupId !== undefined ? changes.jitGroupId : current.jitGroupId,
      jitRoleIds: [...new Set(changes.jitRoleIds ?? current.jitRoleIds)],
    };
    await assertJitTarget(tx, organizationId, jit);
    const data = {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.issuer !== undefined ? { issuer: changes.issuer } : {}),
      ...(changes.clientId !== undefined ? { clientId: changes.clientId } : {}),
      ...(clientSecret !== undefined ? { clientSecretEncrypted: deps.fieldCipher.encrypt(clientSecret) } : {}),
      ...(changes.scopes !== undefined ? { scopes: normalizeScopes(changes.scopes) } : {}),
      ...(changes.emailClaim !== undefined ? { emailClaim: changes.emailClaim } : {}),
      ...(changes.givenNameClaim !== undefined ? { givenNameClaim: changes.givenNameClaim } : {}),
      ...(changes.familyNameClaim !== undefined ? { familyNameClaim: changes.familyNameClaim } : {}),
      ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
      ...(changes.isDefault !== undefined ? { isDefault: changes.isDefault } : {}),
      ...jit,
    };
    const { count } = await tx.identityProvider.updateMany({
      where: { id: providerId, organizationId, version },
      data: { ...data, version: { increment: 1 } },
    });
    if (count === 0) throw packageVersionConflict();
    if (changes.isDefault) await clearOtherDefaults(tx, organizationId, providerId);
    // names of what changed only: the secret's value never reaches the audit log
    const changed = [...Object.keys(changes), ...(clientSecret !== undefined ? ["clientSecret"] : [])];
    await audit(tx, actor, organizationId, "identity-provider.updated", {
      providerId,
      name: current.name,
      changes: changed,
    });
    return tx.identityProvider.findUniqueOrThrow({ where: { id: providerId } });
  });
  return toIdentityProvider(row, deps.config);
}

export async function deleteIdentityProvider(
  actor: Actor,
  input: IdentityProviderRef & { version: number },
  deps: CoreDeps,
): Promise<void> {
  await requirePermission(actor, input.organizationId, ADMINS, deps);
  await deps.db.$transaction(async (tx) => {
    const row = await findIdentityProvider(tx, input);
    const { count } = await tx.identityProvider.deleteMany({
      where: { id: input.providerId, organizationId: input.organizationId, version: input.version },
    });
    if (count === 0) throw packageVersionConflict();
    // a provider added again later is a new provider: it signs nobody in until they link again
    await tx.identityLink.deleteMany({ where: { providerId: row.id } });
    await tx.identityLinkRequest.deleteMany({ where: { providerId: row.id } });
    await audit(tx, actor, input.organizationId, "identity-provider.deleted", { providerId: row.id, name: row.name });
  });
}

/**
 * What the sign-in page offers before anyone is signed in. Public by design: it names the
 * organization's enabled providers only (no users, no settings); an unknown organization id gets an
 * empty list, the same answer as an organization without providers.
 */
export async function listSignInProviders(
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<SignInProviderList> {
  const rows = await deps.db.identityProvider.findMany({
    where: { organizationId: input.organizationId, enabled: true },
    orderBy: [{ isDefault: "desc" }, { name: "asc" }],
    select: { id: true, name: true, isDefault: true },
  });
  return { records: rows };
}
