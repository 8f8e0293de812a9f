import {
  ONBOARDING_STEPS,
  type OnboardingChecklist,
  type OnboardingStepId,
  settingDefinition,
  settingsOfPage,
} from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";

// Issue 33 §5: a new organization's administrator sees what is left of its first steps. Every tick
// comes from the organization's own data, so the list cannot claim a step nobody took.

const BRANDING = settingsOfPage("branding").concat(settingsOfPage("branding", "logo-upload"));
const CONSENT = settingsOfPage("esign-consent");

/** A stored setting that says something other than the default (stored as text, sometimes as JSON). */
function differsFromDefault(key: string, value: string): boolean {
  const fallback = settingDefinition(key as (typeof BRANDING)[number]).defaultValue;
  return value !== "" && value !== String(fallback) && value !== JSON.stringify(fallback);
}

export async function getOnboardingChecklist(
  actor: Actor,
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<OnboardingChecklist> {
  const { organizationId } = input;
  await requirePermission(actor, organizationId, ["MANAGE_ADMIN_SETTINGS"], deps);
  const { db } = deps;
  const me = actor.kind === "user" ? await db.user.findUnique({ where: { id: actor.userId } }) : null;
  const [branding, consentSettings, consentDocuments, members, invitations, documentTemplates, packageTemplates] =
    await Promise.all([
      db.organizationSetting.findMany({ where: { organizationId, key: { in: BRANDING } } }),
      db.organizationSetting.count({ where: { organizationId, key: { in: CONSENT } } }),
      db.consentDocument.count({ where: { organizationId } }),
      db.membership.count({ where: { organizationId, enabled: true } }),
      db.userInvitation.count({ where: { organizationId } }),
      db.documentTemplate.count({ where: { organizationId } }),
      db.packageTemplate.count({ where: { organizationId } }),
    ]);
  const sentToMe = me
    ? await db.package.count({
        where: {
          organizationId,
          templateKind: null,
          sentAt: { not: null },
          participants: { some: { email: { equals: me.email, mode: "insensitive" } } },
        },
      })
    : 0;
  const done: Record<OnboardingStepId, boolean> = {
    branding: branding.some((row) => differsFromDefault(row.key, row.value)),
    consent: consentSettings + consentDocuments > 0,
    people: members > 1 || invitations > 0,
    template: documentTemplates + packageTemplates > 0,
    testPackage: sentToMe > 0,
  };
  const steps = ONBOARDING_STEPS.map((id) => ({ id, done: done[id] }));
  return { steps, allDone: steps.every((step) => step.done) };
}
