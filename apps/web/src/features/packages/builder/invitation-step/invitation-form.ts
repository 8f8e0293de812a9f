import type { Package, UpdatePackage } from "@signet/contract";

// The invitation step's form values and the package patch they make (only what changed).

export interface InvitationValues {
  emailSubject: string;
  emailIntroText: string;
  emailDocumentId: string | null;
  /** the organization's default invitation instead of this package's subject and text */
  emailIsDefault: boolean;
  /** the organization's invitation email template picked for this package; null: its default */
  emailTemplateId: string | null;
  paperOrder: Package["paperOrder"];
  stipsOrder: Package["stipsOrder"];
  scheduledAvailability: boolean;
  /** datetime-local value */
  scheduledOn: string;
  expirationType: "NONE" | "RELATIVE" | "FIXED";
  scheduledExpiryDays: number | "";
  scheduledExpiryTime: string;
  /** datetime-local value */
  packageExpiresAt: string;
}

/** ISO → the value a datetime-local input shows (local time, minutes). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const toIso = (local: string) => (local ? new Date(local).toISOString() : null);

export function invitationValues(pkg: Package): InvitationValues {
  return {
    emailSubject: pkg.emailTemplate.subject ?? "",
    emailIntroText: pkg.emailTemplate.introText ?? "",
    emailDocumentId: pkg.emailTemplate.documentId,
    emailIsDefault: pkg.emailTemplate.isDefault,
    emailTemplateId: pkg.emailTemplate.templateId ?? null,
    paperOrder: pkg.paperOrder,
    stipsOrder: pkg.stipsOrder,
    scheduledAvailability: pkg.scheduledAvailability,
    scheduledOn: toLocalInput(pkg.scheduledOn),
    expirationType: pkg.expirationType ?? "NONE",
    scheduledExpiryDays: pkg.scheduledExpiryDays ?? "",
    scheduledExpiryTime: pkg.scheduledExpiryTime ?? "",
    packageExpiresAt: toLocalInput(pkg.packageExpiresAt),
  };
}

/** The fields that differ from the package, as an update body without the version. */
export function invitationPatch(pkg: Package, values: InvitationValues): Omit<UpdatePackage, "version"> {
  const before = invitationValues(pkg);
  const patch: Omit<UpdatePackage, "version"> = {};
  if (values.emailSubject !== before.emailSubject) patch.emailSubject = values.emailSubject.trim() || null;
  if (values.emailIntroText !== before.emailIntroText) patch.emailIntroText = values.emailIntroText.trim() || null;
  if (values.emailDocumentId !== before.emailDocumentId) patch.emailDocumentId = values.emailDocumentId;
  if (values.emailIsDefault !== before.emailIsDefault) patch.emailIsDefault = values.emailIsDefault;
  if (values.emailTemplateId !== before.emailTemplateId) patch.emailTemplateId = values.emailTemplateId;
  if (values.paperOrder !== before.paperOrder) patch.paperOrder = values.paperOrder;
  if (values.stipsOrder !== before.stipsOrder) patch.stipsOrder = values.stipsOrder;
  if (values.scheduledAvailability !== before.scheduledAvailability) {
    patch.scheduledAvailability = values.scheduledAvailability;
  }
  if (values.scheduledOn !== before.scheduledOn) patch.scheduledOn = toIso(values.scheduledOn);
  if (values.expirationType !== before.expirationType) patch.expirationType = values.expirationType;
  if (values.scheduledExpiryDays !== before.scheduledExpiryDays) {
    patch.scheduledExpiryDays = values.scheduledExpiryDays === "" ? null : values.scheduledExpiryDays;
  }
  if (values.scheduledExpiryTime !== before.scheduledExpiryTime) {
    patch.scheduledExpiryTime = values.scheduledExpiryTime || null;
  }
  if (values.packageExpiresAt !== before.packageExpiresAt) patch.packageExpiresAt = toIso(values.packageExpiresAt);
  return patch;
}
