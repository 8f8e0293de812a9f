import {
  PACKAGE_MESSAGES,
  type Package,
  PRINT_SETTINGS_MESSAGES,
  TRID_MESSAGES,
  TRID_UPDATE_KEYS,
  type UpdatePackage,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { documentNotFound } from "../documents/document-views.ts";
import { assertInvitationTemplate } from "../email-templates/email-templates.ts";
import { AppError } from "../errors/app-error.ts";
import { readPackageSettings } from "../settings/package-settings.ts";
import { claimStartedPackage, findManageablePackage } from "./find-package.ts";
import { loadPackageAccess } from "./package-access.ts";
import { loadPackageView } from "./package-views.ts";
import { dateColumn, readTridContext } from "./trid-view.ts";

const toDate = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

/** Changes a package that has not been sent (STARTED), at the version the client read. */
export async function updatePackage(
  actor: Actor,
  input: UpdatePackage & { organizationId: string; packageId: string },
  deps: CoreDeps,
): Promise<Package> {
  const { organizationId, packageId, version, ...changes } = input;
  const access = await loadPackageAccess(actor, organizationId, deps);
  await findManageablePackage(deps.db, access, packageId);
  // TRID fields (issue 16 §1) only for an organization with TRID on
  const tridKeys = TRID_UPDATE_KEYS.filter((key) => changes[key] !== undefined);
  let tridExpirationDays = changes.tridExpirationDays;
  if (tridKeys.length > 0) {
    const organization = await deps.db.organization.findUniqueOrThrow({
      where: { id: organizationId },
      select: { enabledTrid: true },
    });
    if (!organization.enabledTrid) {
      throw new AppError(
        "BAD_REQUEST",
        TRID_MESSAGES.notEnabled,
        tridKeys.map((key) => ({ path: key, message: TRID_MESSAGES.notEnabled })),
      );
    }
    // a package becoming a TRID package gets the organization's default expiration days
    if (changes.tridPackageType && tridExpirationDays === undefined) {
      const current = await deps.db.package.findUniqueOrThrow({
        where: { id: packageId },
        select: { tridPackageType: true },
      });
      if (current.tridPackageType === null)
        tridExpirationDays = (await readTridContext(deps.db, organizationId)).defaultExpirationDays;
    }
  }
  if (changes.expirationType !== undefined || changes.packageCollaboration === true) {
    const [settings, organization] = await Promise.all([
      readPackageSettings(deps.db, organizationId),
      deps.db.organization.findUniqueOrThrow({
        where: { id: organizationId },
        select: { enabledPkgCollaboration: true },
      }),
    ]);
    if (changes.expirationType !== undefined && !settings.enable_edit_default_expiration_type) {
      throw new AppError("BAD_REQUEST", PACKAGE_MESSAGES.expirationTypeLocked, [
        { path: "expirationType", message: PACKAGE_MESSAGES.expirationTypeLocked },
      ]);
    }
    if (changes.packageCollaboration === true && !organization.enabledPkgCollaboration) {
      throw new AppError("BAD_REQUEST", PACKAGE_MESSAGES.collaborationDisabled, [
        { path: "packageCollaboration", message: PACKAGE_MESSAGES.collaborationDisabled },
      ]);
    }
  }
  // a package can be printed and mailed only through the organization's print fulfillment (issue 16 §4)
  if (changes.enablePrintFulfillment === true) {
    const print = await deps.db.printFulfillmentSettings.findUnique({
      where: { organizationId },
      select: { enabled: true },
    });
    if (!print?.enabled) {
      throw new AppError("BAD_REQUEST", PRINT_SETTINGS_MESSAGES.notEnabled, [
        { path: "enablePrintFulfillment", message: PRINT_SETTINGS_MESSAGES.notEnabled },
      ]);
    }
  }
  // The attached document must be one of this package's documents (another package's id answers 404).
  if (changes.emailDocumentId) {
    const attached = await deps.db.document.findFirst({
      where: { id: changes.emailDocumentId, packageId },
      select: { id: true },
    });
    if (!attached) throw documentNotFound();
  }
  // The picked email template must be one of the organization's invitation templates.
  if (changes.emailTemplateId) await assertInvitationTemplate(deps.db, organizationId, changes.emailTemplateId);
  const data: Prisma.PackageUpdateManyMutationInput = {
    name: changes.name,
    paperOrder: changes.paperOrder,
    stipsOrder: changes.stipsOrder,
    signingOrder: changes.signingOrder,
    scheduledAvailability: changes.scheduledAvailability,
    scheduledOn: toDate(changes.scheduledOn),
    expirationType: changes.expirationType,
    scheduledExpiryDays: changes.scheduledExpiryDays,
    scheduledExpiryTime: changes.scheduledExpiryTime,
    packageExpiresAt: toDate(changes.packageExpiresAt),
    enablePrintFulfillment: changes.enablePrintFulfillment,
    printServiceProvider: changes.printServiceProvider,
    transactionId: changes.transactionId === undefined ? undefined : changes.transactionId || null,
    avEsign: changes.avEsign,
    packageCollaboration: changes.packageCollaboration,
    emailSubject: changes.emailSubject === undefined ? undefined : changes.emailSubject || null,
    emailIntroText: changes.emailIntroText === undefined ? undefined : changes.emailIntroText || null,
    emailIsDefault: changes.emailIsDefault,
    emailDocumentId: changes.emailDocumentId,
    emailTemplateId: changes.emailTemplateId,
    tridPackageType: changes.tridPackageType,
    tridMilestoneApplication: dateColumn(changes.tridMilestoneApplication),
    tridMilestoneChangeCircumstances: dateColumn(changes.tridMilestoneChangeCircumstances),
    tridMilestoneConsummation: dateColumn(changes.tridMilestoneConsummation),
    tridDeliveryMethod: changes.tridDeliveryMethod,
    tridSentAt: dateColumn(changes.tridSentAt),
    tridExpirationDays,
  };
  await deps.db.$transaction(async (tx) => {
    const newVersion = await claimStartedPackage(tx, organizationId, packageId, version);
    await tx.package.update({ where: { id: packageId }, data });
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "package",
      streamId: packageId,
      type: "package.updated",
      data: { version: newVersion, changes },
    });
  });
  return loadPackageView(deps.db, access, packageId);
}
