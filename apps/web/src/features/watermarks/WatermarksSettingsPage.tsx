import { Box, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useSessionUser } from "../../app/services-context.tsx";
import { FormSection } from "../../components/FormSection.tsx";
import { useUnsavedChangesGuard } from "../../components/use-unsaved-changes-guard.ts";
import { useHasPermission } from "../../session/permissions.ts";
import { RulesSection } from "./RulesSection.tsx";
import { SystemDefaultSection } from "./SystemDefaultSection.tsx";
import { TemplatesSection } from "./TemplatesSection.tsx";

// Issue 15 §4: the Watermarks settings page. Once a package is deposited into an eVault, every copy
// Signet serves of it is watermarked: the organization's templates say how, its rules say which
// template for which package status, kind of file and requester. Support users also edit the
// system default every organization falls back to. Each section keeps its own unsaved changes.

/** Settings → Watermarks (?page=watermarks). */
export function WatermarksSettingsPage({ organizationId }: { organizationId: string }) {
  const canManage = useHasPermission("MANAGE_ADMIN_SETTINGS");
  const user = useSessionUser();
  const [dirty, setDirty] = useState({ templates: false, rules: false, systemDefault: false });
  useUnsavedChangesGuard(dirty.templates || dirty.rules || dirty.systemDefault);
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        Once a package is deposited into an eVault, the vault holds the authoritative copy: every document, sealed file
        or certificate Signet serves of it is a copy with a watermark. Rules can also watermark copies of packages in
        other statuses.
      </Text>
      <FormSection title="Watermark templates" description="How a watermark looks: its text and where it is drawn.">
        <TemplatesSection
          organizationId={organizationId}
          canManage={canManage}
          onDirty={(value) => setDirty((current) => ({ ...current, templates: value }))}
        />
      </FormSection>
      <FormSection
        title="Watermark rules"
        description="Which template watermarks a copy. The most specific matching rule wins; between equally specific rules, the one higher in the list."
      >
        <RulesSection
          organizationId={organizationId}
          canManage={canManage}
          onDirty={(value) => setDirty((current) => ({ ...current, rules: value }))}
        />
      </FormSection>
      <FormSection
        title="System default watermark"
        description={
          user?.supportUser
            ? "Used by every organization without a watermark of its own. Changing it affects all organizations."
            : "Used when the organization has no default watermark of its own. Only support users change it."
        }
      >
        <Box>
          <SystemDefaultSection
            organizationId={organizationId}
            onDirty={(value) => setDirty((current) => ({ ...current, systemDefault: value }))}
          />
        </Box>
      </FormSection>
    </Stack>
  );
}
