import {
  EDEPOSIT_MESSAGES,
  type EDeposit,
  isEDepositConfigLocked,
  type PackageStatus,
  type UpdateEDepositConfig,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { findManageablePackage, findVisiblePackage } from "../packages/find-package.ts";
import { loadPackageAccess, packageVersionConflict } from "../packages/package-access.ts";
import { DEPOSIT_INCLUDE, emptyDeposit, toEDeposit } from "./edeposit-views.ts";

interface PackageRef {
  organizationId: string;
  packageId: string;
}

/** The package's eDeposit settings, status, stages, errors and deposited items. */
export async function getEDeposit(actor: Actor, input: PackageRef, deps: CoreDeps): Promise<EDeposit> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  access.require("VIEW_DOCUMENTS_PACKAGES");
  const visible = await findVisiblePackage(deps.db, access, input.packageId);
  // one snapshot: the deposit and the package status change together
  const [pkg, row] = await deps.db.$transaction(
    [
      deps.db.package.findUniqueOrThrow({
        where: { id: visible.id },
        select: { id: true, status: true, version: true },
      }),
      deps.db.packageEDeposit.findUnique({ where: { packageId: visible.id }, include: DEPOSIT_INCLUDE }),
    ],
    { isolationLevel: "RepeatableRead" },
  );
  return toEDeposit(pkg, row ?? emptyDeposit(pkg.id), access.canManage(visible.groupIds));
}

function invalid(path: string, message: string): AppError {
  return new AppError("BAD_REQUEST", message, [{ path, message }]);
}

/**
 * Sets the package's eDeposit settings (spec §3 eDepositConfig) at the package's version, refused
 * while spec §4 locks them. Turning eDeposit off keeps the other choices for when it is turned on.
 */
export async function updateEDepositConfig(
  actor: Actor,
  input: UpdateEDepositConfig & PackageRef,
  deps: CoreDeps,
): Promise<EDeposit> {
  const { organizationId, packageId, version, ...config } = input;
  const access = await loadPackageAccess(actor, organizationId, deps);
  await deps.db.$transaction(async (tx) => {
    const pkg = await findManageablePackage(tx, access, packageId);
    const current = await tx.packageEDeposit.findUnique({ where: { packageId } });
    if (isEDepositConfigLocked(pkg.status as PackageStatus, current?.status)) {
      throw new AppError("CONFLICT", EDEPOSIT_MESSAGES.locked);
    }
    if (config.enabled) {
      if (!config.vaultId) throw invalid("vaultId", EDEPOSIT_MESSAGES.vaultRequired);
      if (!config.financialAssetDocId) throw invalid("financialAssetDocId", EDEPOSIT_MESSAGES.assetDocRequired);
      if (!config.transactionType) throw invalid("transactionType", EDEPOSIT_MESSAGES.transactionTypeRequired);
    }
    if (config.vaultId) {
      const vault = await tx.eVault.findFirst({ where: { id: config.vaultId, organizationId } });
      if (!vault) throw invalid("vaultId", EDEPOSIT_MESSAGES.vaultNotFound);
      if (config.enabled && !vault.enabled) throw invalid("vaultId", EDEPOSIT_MESSAGES.vaultDisabled);
    }
    if (config.financialAssetDocId) {
      const document = await tx.document.findFirst({ where: { id: config.financialAssetDocId, packageId } });
      if (document?.executionType !== "E_SIGN") {
        throw invalid("financialAssetDocId", EDEPOSIT_MESSAGES.assetDocNotESign);
      }
    }
    const { count } = await tx.package.updateMany({
      where: { id: packageId, version },
      data: { version: { increment: 1 }, vaultId: config.enabled ? config.vaultId : null },
    });
    if (count === 0) throw packageVersionConflict();
    const fields = {
      enabled: config.enabled,
      eVaultId: config.vaultId,
      financialAssetDocId: config.financialAssetDocId,
      financialAssetDocType: config.financialAssetDocType ?? (config.enabled ? "PROMISSORY_NOTE" : null),
      supplementalDocType: config.supplementalDocType ?? (config.enabled ? "OTHER" : null),
      transactionType: config.transactionType,
    };
    await tx.packageEDeposit.upsert({
      where: { packageId },
      create: { packageId, organizationId, ...fields },
      update: fields,
    });
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "package",
      streamId: packageId,
      type: "package.edeposit-configured",
      data: { enabled: config.enabled, evaultId: config.vaultId, transactionType: config.transactionType },
    });
  });
  return getEDeposit(actor, { organizationId, packageId }, deps);
}
