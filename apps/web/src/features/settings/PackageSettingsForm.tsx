import { Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, TagsInput, TextInput } from "@mantine/core";
import { PACKAGE_EXPIRATION_TYPES, type PackageSettings, routes, SETTING_MESSAGES } from "@signet/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ApiError, errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { FormSection } from "../../components/FormSection.tsx";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { useHasPermission } from "../../session/permissions.ts";
import { packageQueries } from "../packages/package-queries.ts";
import { timeZoneOptions } from "./time-zone-options.ts";

const EXPIRATION_LABELS: Record<(typeof PACKAGE_EXPIRATION_TYPES)[number], string> = {
  NONE: "Never expires",
  RELATIVE: "Days after sending",
  FIXED: "On a date",
};

/** The settings packages use (spec §9 keys): expiration defaults, time zone, participant types, collaboration. */
export function PackageSettingsForm({ organizationId }: { organizationId: string }) {
  const canManage = useHasPermission("MANAGE_ADMIN_SETTINGS");
  const client = useQueryClient();
  const settings = useQuery(packageQueries.settings(organizationId));
  const [values, setValues] = useState<PackageSettings | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (settings.data) setValues(settings.data);
  }, [settings.data]);
  if (!values) return null;
  const set = <K extends keyof PackageSettings>(key: K, value: PackageSettings[K]) =>
    setValues((current) => (current ? { ...current, [key]: value } : current));

  async function save() {
    if (!values) return;
    setSaving(true);
    try {
      await api(routes.updatePackageSettings, { params: { orgId: organizationId }, body: values, passThrough: true });
      toastSuccess(SETTING_MESSAGES.updated);
      await client.invalidateQueries({ queryKey: ["packages", organizationId, "settings"] });
    } catch (error) {
      if (!(error instanceof ApiError && error.handled)) toastError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="lg">
      <FormSection title="Package expiration" description="Applied to new packages when default expiration is on.">
        <Checkbox
          label="Give new packages a default expiration"
          checked={values.enable_default_expiration_date}
          disabled={!canManage}
          onChange={(event) => set("enable_default_expiration_date", event.currentTarget.checked)}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label="Default expiration"
            data={PACKAGE_EXPIRATION_TYPES.map((value) => ({ value, label: EXPIRATION_LABELS[value] }))}
            value={values.default_expiration_type}
            allowDeselect={false}
            disabled={!canManage}
            onChange={(value) =>
              value && set("default_expiration_type", value as PackageSettings["default_expiration_type"])
            }
          />
          <NumberInput
            label="Days after sending"
            min={0}
            max={3650}
            value={values.default_relative_expiration_days}
            disabled={!canManage}
            onChange={(value) => typeof value === "number" && set("default_relative_expiration_days", value)}
          />
          <TextInput
            type="time"
            label="At"
            value={values.default_relative_expiration_time}
            disabled={!canManage}
            onChange={(event) => set("default_relative_expiration_time", event.currentTarget.value)}
          />
        </SimpleGrid>
        <Checkbox
          label="Senders may change the expiration type of a package"
          checked={values.enable_edit_default_expiration_type}
          disabled={!canManage}
          onChange={(event) => set("enable_edit_default_expiration_type", event.currentTarget.checked)}
        />
        <Select
          label="Time zone"
          description="Relative expirations end at their time in this zone; signing dates are written in it"
          data={timeZoneOptions(values.timezone)}
          value={values.timezone}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No time zone found"
          disabled={!canManage}
          onChange={(value) => value && set("timezone", value)}
        />
      </FormSection>
      <FormSection title="Participants" description="The participant types senders choose from.">
        <TagsInput
          label="Participant types"
          placeholder="Add a type and press Enter"
          value={values.participant_types}
          disabled={!canManage}
          onChange={(types) => set("participant_types", types)}
        />
      </FormSection>
      <FormSection title="Package collaboration">
        <Checkbox
          label="Allow package collaboration"
          checked={values.enable_pkg_collaboration}
          disabled={!canManage}
          onChange={(event) => set("enable_pkg_collaboration", event.currentTarget.checked)}
        />
      </FormSection>
      <Group justify="flex-end">
        <Button onClick={() => void save()} loading={saving} disabled={!canManage}>
          Save settings
        </Button>
      </Group>
    </Stack>
  );
}
