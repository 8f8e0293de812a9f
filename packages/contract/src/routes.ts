import { apiClientRoutes } from "./api-clients.ts";
import { avSessionRoutes } from "./av-session.ts";
import { bulkSendRoutes } from "./bulk-send.ts";
import { closingCenterRoutes } from "./closing-centers.ts";
import { customFieldRoutes } from "./custom-fields.ts";
import { dataCollectionRoutes } from "./data-collection.ts";
import { documentRoutes } from "./documents.ts";
import { eDepositRoutes } from "./edeposit.ts";
import { emailTemplateRoutes } from "./email-templates.ts";
import { groupPackageRoutes } from "./group-packages.ts";
import { groupRoutes } from "./groups.ts";
import { holidayRoutes } from "./holidays.ts";
import { identityRoutes } from "./identity-links.ts";
import { identityProofingSenderRoutes } from "./identity-proofing.ts";
import { identityProviderRoutes } from "./identity-providers.ts";
import { importExportRoutes } from "./import-export.ts";
import { inPersonAdminRoutes } from "./in-person.ts";
import { invitationRoutes } from "./invitations.ts";
import { membershipRoutes } from "./memberships.ts";
import { mfaRoutes } from "./mfa.ts";
import { notarizationRoutes } from "./notarization.ts";
import { notificationRuleRoutes } from "./notification-rules.ts";
import { onboardingRoutes } from "./onboarding.ts";
import { operationsRoutes } from "./operations.ts";
import { organizationLogoRoutes } from "./organization-logo.ts";
import { organizationRoutes } from "./organizations.ts";
import { packageActionRoutes } from "./package-actions.ts";
import { packageRoutes } from "./packages.ts";
import { participantRoutes } from "./participants.ts";
import { printMailRoutes } from "./print-mail.ts";
import { printSettingsRoutes } from "./print-settings.ts";
import { reportRoutes } from "./reports.ts";
import { roleRoutes } from "./roles.ts";
import type { RouteDef } from "./route-def.ts";
import { samlProviderRoutes } from "./saml-providers.ts";
import { securitySettingRoutes } from "./security-settings.ts";
import { sessionRoutes } from "./session-routes.ts";
import { settingMetaDataRoutes } from "./setting-metadata.ts";
import { settingRoutes } from "./settings.ts";
import { signingAdminRoutes } from "./signing-admin.ts";
import { tagRoutes } from "./tags.ts";
import { templateRoutes } from "./templates.ts";
import { userRoutes } from "./users.ts";
import { watermarkRoutes } from "./watermarks.ts";
import { webhookRoutes } from "./webhooks.ts";

/** Every route of the API, by id: the one table the server, the OpenAPI document and the web client read. */
export const routes = {
  ...sessionRoutes,
  ...organizationRoutes,
  ...onboardingRoutes,
  ...userRoutes,
  ...invitationRoutes,
  ...identityRoutes,
  ...groupRoutes,
  ...roleRoutes,
  ...membershipRoutes,
  ...packageRoutes,
  ...packageActionRoutes,
  ...avSessionRoutes,
  ...notarizationRoutes,
  ...closingCenterRoutes,
  ...participantRoutes,
  ...documentRoutes,
  ...tagRoutes,
  ...templateRoutes,
  ...bulkSendRoutes,
  ...customFieldRoutes,
  ...dataCollectionRoutes,
  ...settingRoutes,
  ...settingMetaDataRoutes,
  ...organizationLogoRoutes,
  ...holidayRoutes,
  ...groupPackageRoutes,
  ...signingAdminRoutes,
  ...inPersonAdminRoutes,
  ...webhookRoutes,
  ...eDepositRoutes,
  ...identityProofingSenderRoutes,
  ...printSettingsRoutes,
  ...emailTemplateRoutes,
  ...apiClientRoutes,
  ...identityProviderRoutes,
  ...samlProviderRoutes,
  ...reportRoutes,
  ...printMailRoutes,
  ...mfaRoutes,
  ...securitySettingRoutes,
  ...operationsRoutes,
  ...notificationRuleRoutes,
  ...importExportRoutes,
  ...watermarkRoutes,
} as const satisfies Record<string, RouteDef>;

export type RouteId = keyof typeof routes;
