import {
  type CreateEVault,
  EDEPOSIT_MESSAGES,
  EVAULT_URL_MESSAGES,
  type EVault,
  type EVaultConfigInfo,
  type EVaultConnectionTest,
  type EVaultList,
  type EVaultOptionList,
  type UpdateEVault,
} from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { AppError, notFound } from "../errors/app-error.ts";
import { assertOutboundUrl } from "../outbound/outbound-url.ts";
import { EVaultError } from "./evault-adapter.ts";
import { vaultAdapterFor, vaultConnection } from "./vault-connection.ts";

// Issue 15 §2: an organization's eVaults. The client secret is encrypted at rest and never leaves.

type Tx = Prisma.TransactionClient;
type EVaultRow = Prisma.EVaultGetPayload<object>;
const READERS = ["VIEW_ADMIN_SETTINGS", "MANAGE_ADMIN_SETTINGS"] as const;
const ADMINS = ["MANAGE_ADMIN_SETTINGS"] as const;

interface VaultRef {
  organizationId: string;
  evaultId: string;
}

const vaultNotFound = () => notFound(EDEPOSIT_MESSAGES.vaultNotFound);
const nameKey = (name: string) => name.trim().toLowerCase();

function toEVault(row: EVaultRow, packagesUsing: number): EVault {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    adapter: row.adapter as EVault["adapter"],
    url: row.url,
    clientId: row.clientId,
    hasClientSecret: row.clientSecretEncrypted !== "",
    enabled: row.enabled,
    lastTestedAt: row.lastTestedAt?.toISOString() ?? null,
    lastTestOk: row.lastTestOk,
    lastTestMessage: row.lastTestMessage,
    packagesUsing,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    lastUpdatedAt: row.lastUpdatedAt.toISOString(),
  };
}

/** Packages whose settings choose each vault and that are not deposited (or cancelled) yet. */
async function usage(db: Tx | CoreDeps["db"], vaultIds: string[]): Promise<Map<string, number>> {
  if (vaultIds.length === 0) return new Map();
  const rows = await db.packageEDeposit.groupBy({
    by: ["eVaultId"],
    where: { eVaultId: { in: vaultIds }, OR: [{ status: null }, { status: { notIn: ["DEPOSITED", "CANCELLED"] } }] },
    _count: { _all: true },
  });
  return new Map(rows.map((row) => [row.eVaultId as string, row._count._all]));
}

export async function findVault(db: Tx | CoreDeps["db"], ref: VaultRef) {
  const row = await db.eVault.findFirst({ where: { id: ref.evaultId, organizationId: ref.organizationId } });
  if (!row) throw vaultNotFound();
  return row;
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

function nameTaken(error: unknown): boolean {
  return (error as { code?: string }).code === "P2002";
}

export async function listEVaults(
  actor: Actor,
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<EVaultList> {
  await requirePermission(actor, input.organizationId, READERS, deps);
  const rows = await deps.db.eVault.findMany({
    where: { organizationId: input.organizationId },
    orderBy: [{ nameKey: "asc" }, { id: "asc" }],
  });
  const counts = await usage(
    deps.db,
    rows.map((row) => row.id),
  );
  return { records: rows.map((row) => toEVault(row, counts.get(row.id) ?? 0)), count: rows.length };
}

/** What a sender needs to choose a vault in the builder (no URLs or credentials). */
export async function listEVaultOptions(
  actor: Actor,
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<EVaultOptionList> {
  await requirePermission(
    actor,
    input.organizationId,
    ["VIEW_DOCUMENTS_PACKAGES", "MANAGE_DOCUMENTS_PACKAGES", ...READERS],
    deps,
  );
  const rows = await deps.db.eVault.findMany({
    where: { organizationId: input.organizationId },
    orderBy: [{ nameKey: "asc" }, { id: "asc" }],
    select: { id: true, name: true, enabled: true },
  });
  return { records: rows, count: rows.length };
}

export async function getEVault(actor: Actor, input: VaultRef, deps: CoreDeps): Promise<EVault> {
  await requirePermission(actor, input.organizationId, READERS, deps);
  const row = await findVault(deps.db, input);
  return toEVault(row, (await usage(deps.db, [row.id])).get(row.id) ?? 0);
}

export async function createEVault(
  actor: Actor,
  input: CreateEVault & { organizationId: string },
  deps: CoreDeps,
): Promise<EVault> {
  const { organizationId, clientSecret, ...fields } = input;
  await requirePermission(actor, organizationId, ADMINS, deps);
  assertOutboundUrl(fields.url, deps.config, EVAULT_URL_MESSAGES);
  try {
    const row = await deps.db.$transaction(async (tx) => {
      const created = await tx.eVault.create({
        data: {
          organizationId,
          name: fields.name.trim(),
          nameKey: nameKey(fields.name),
          adapter: fields.adapter ?? "reference",
          url: fields.url,
          clientId: fields.clientId,
          clientSecretEncrypted: deps.fieldCipher.encrypt(clientSecret),
          enabled: fields.enabled ?? true,
          createdById: actor.kind === "user" ? actor.userId : null,
        },
      });
      await audit(tx, actor, organizationId, "evault.created", {
        evaultId: created.id,
        name: created.name,
        url: created.url,
      });
      return created;
    });
    return toEVault(row, 0);
  } catch (error) {
    if (nameTaken(error))
      throw new AppError("CONFLICT", EDEPOSIT_MESSAGES.vaultNameTaken, [
        { path: "name", message: EDEPOSIT_MESSAGES.vaultNameTaken },
      ]);
    throw error;
  }
}

export async function updateEVault(actor: Actor, input: UpdateEVault & VaultRef, deps: CoreDeps): Promise<EVault> {
  const { organizationId, evaultId, version, clientSecret, ...changes } = input;
  await requirePermission(actor, organizationId, ADMINS, deps);
  if (changes.url !== undefined) assertOutboundUrl(changes.url, deps.config, EVAULT_URL_MESSAGES);
  try {
    const row = await deps.db.$transaction(async (tx) => {
      await findVault(tx, input);
      const { count } = await tx.eVault.updateMany({
        where: { id: evaultId, organizationId, version },
        data: {
          ...(changes.name !== undefined ? { name: changes.name.trim(), nameKey: nameKey(changes.name) } : {}),
          ...(changes.adapter !== undefined ? { adapter: changes.adapter } : {}),
          ...(changes.url !== undefined ? { url: changes.url } : {}),
          ...(changes.clientId !== undefined ? { clientId: changes.clientId } : {}),
          ...(clientSecret !== undefined ? { clientSecretEncrypted: deps.fieldCipher.encrypt(clientSecret) } : {}),
          ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
          // a changed address or credential makes the last test result stale
          ...(changes.url !== undefined || changes.clientId !== undefined || clientSecret !== undefined
            ? { lastTestedAt: null, lastTestOk: null, lastTestMessage: null }
            : {}),
          version: { increment: 1 },
        },
      });
      if (count === 0) throw new AppError("VERSION_NOT_MATCHED");
      await audit(tx, actor, organizationId, "evault.updated", {
        evaultId,
        changed: [...Object.keys(changes), ...(clientSecret !== undefined ? ["clientSecret"] : [])],
      });
      return findVault(tx, input);
    });
    return toEVault(row, (await usage(deps.db, [row.id])).get(row.id) ?? 0);
  } catch (error) {
    if (nameTaken(error))
      throw new AppError("CONFLICT", EDEPOSIT_MESSAGES.vaultNameTaken, [
        { path: "name", message: EDEPOSIT_MESSAGES.vaultNameTaken },
      ]);
    throw error;
  }
}

export async function deleteEVault(actor: Actor, input: VaultRef & { version: number }, deps: CoreDeps): Promise<void> {
  await requirePermission(actor, input.organizationId, ADMINS, deps);
  await deps.db.$transaction(async (tx) => {
    const row = await findVault(tx, input);
    if (row.version !== input.version) throw new AppError("VERSION_NOT_MATCHED");
    if (((await usage(tx, [row.id])).get(row.id) ?? 0) > 0)
      throw new AppError("CONFLICT", EDEPOSIT_MESSAGES.vaultInUse);
    // finished deposits keep their history; they stop naming the deleted vault
    await tx.packageEDeposit.updateMany({ where: { eVaultId: row.id }, data: { eVaultId: null } });
    await tx.eVault.delete({ where: { id: row.id } });
    await audit(tx, actor, input.organizationId, "evault.deleted", { evaultId: row.id, name: row.name });
  });
}

export async function getEVaultConfigInfo(actor: Actor, input: VaultRef, deps: CoreDeps): Promise<EVaultConfigInfo> {
  await requirePermission(actor, input.organizationId, READERS, deps);
  const row = await findVault(deps.db, input);
  try {
    return await vaultAdapterFor(row.adapter, deps).info(vaultConnection(row, deps));
  } catch (error) {
    if (error instanceof EVaultError) throw new AppError("UPSTREAM_FAILED", error.message);
    throw error;
  }
}

/** Authenticates and reads the vault's description; the result (never an exception) says what happened. */
export async function testEVaultConnection(
  actor: Actor,
  input: VaultRef,
  deps: CoreDeps,
): Promise<EVaultConnectionTest> {
  await requirePermission(actor, input.organizationId, ADMINS, deps);
  const row = await findVault(deps.db, input);
  const testedAt = new Date();
  let result: EVaultConnectionTest;
  try {
    const info = await vaultAdapterFor(row.adapter, deps).info(vaultConnection(row, deps));
    result = {
      ok: true,
      message: `${EDEPOSIT_MESSAGES.connectionOk} It is “${info.vaultName}” (protocol ${info.protocolVersion}).`,
      testedAt: testedAt.toISOString(),
      info,
    };
  } catch (error) {
    if (!(error instanceof EVaultError)) throw error;
    // one answer for every way of not reaching it, so the test cannot tell open ports from closed ones
    const message =
      error.kind === "unreachable" || error.kind === "timeout" ? EDEPOSIT_MESSAGES.notReachable : error.message;
    result = { ok: false, message, testedAt: testedAt.toISOString(), info: null };
  }
  await deps.db.eVault.updateMany({
    where: { id: row.id },
    data: { lastTestedAt: testedAt, lastTestOk: result.ok, lastTestMessage: result.message },
  });
  return result;
}
