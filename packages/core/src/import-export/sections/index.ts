import type { SectionHandler } from "../section-handler.ts";
import { brandingSection } from "./branding-section.ts";
import { customFieldsSection } from "./custom-fields-section.ts";
import { documentTemplatesSection } from "./document-templates-section.ts";
import { emailNotificationsSection } from "./email-notifications-section.ts";
import { emailTemplatesSection } from "./email-templates-section.ts";
import { groupsSection } from "./groups-section.ts";
import { packageTemplatesSection } from "./package-templates-section.ts";
import { rolesSection } from "./roles-section.ts";
import { settingsSection } from "./settings-section.ts";
import { webhooksSection } from "./webhooks-section.ts";

/**
 * Every section of the configuration archive, in the order they are planned and applied (a section
 * may name items of the ones before it: groups name roles; templates name groups, custom fields and
 * invitation email templates).
 */
export const CONFIGURATION_SECTIONS: readonly SectionHandler[] = [
  settingsSection,
  brandingSection,
  rolesSection,
  groupsSection,
  customFieldsSection,
  emailTemplatesSection,
  emailNotificationsSection,
  webhooksSection,
  documentTemplatesSection,
  packageTemplatesSection,
];
