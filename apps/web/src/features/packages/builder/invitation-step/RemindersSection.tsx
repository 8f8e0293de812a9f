import { Checkbox, NumberInput, SimpleGrid, Skeleton, Switch, Text } from "@mantine/core";
import {
  notificationRuleRoutes,
  type PackageReminderSettings,
  type ReminderPolicy,
  reminderPolicySchema,
} from "@signet/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "../../../../api/client.ts";
import { FormSection } from "../../../../components/FormSection.tsx";
import { useBuilder } from "../builder-context.tsx";
import { useAutosave } from "../use-autosave.ts";
import { useBuilderCall } from "../use-builder-call.ts";

// Issue 14 §2: a package's automatic reminders and expiring-soon notice — the organization's
// defaults, or its own. Saved by itself like the rest of step 3.

interface Draft {
  useOrganizationDefaults: boolean;
  policy: ReminderPolicy;
}

const draftOf = (settings: PackageReminderSettings): Draft => ({
  useOrganizationDefaults: settings.useOrganizationDefaults,
  policy: settings.override ?? settings.organizationDefaults,
});

function describe(policy: ReminderPolicy): string {
  const reminders = policy.enabled
    ? `A reminder after ${policy.firstAfterDays} day(s), then every ${policy.intervalDays} day(s), at most ${policy.maxCount}.`
    : "No automatic reminders.";
  const notice =
    policy.expiringSoonDays > 0
      ? ` An expiring-soon notice ${policy.expiringSoonDays} day(s) before the package expires.`
      : "";
  return reminders + notice;
}

export function RemindersSection() {
  const { organizationId, packageId, readOnly } = useBuilder();
  const params = { orgId: organizationId, packageId };
  const key = ["packages", organizationId, packageId, "reminder-settings"];
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api(notificationRuleRoutes.getPackageReminderSettings, { params, signal }),
  });
  if (query.isPending) return <Skeleton height={120} aria-label="Loading reminders" />;
  if (!query.data) return null;
  return <RemindersForm settings={query.data} readOnly={readOnly} queryKey={key} params={params} />;
}

function RemindersForm(props: {
  settings: PackageReminderSettings;
  readOnly: boolean;
  queryKey: string[];
  params: { orgId: string; packageId: string };
}) {
  const call = useBuilderCall();
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(props.settings));
  const saved = draftOf(props.settings);
  const changed = JSON.stringify(draft) !== JSON.stringify(saved);
  const valid = draft.useOrganizationDefaults || reminderPolicySchema.safeParse(draft.policy).success;
  // each save sends the version last read (the query reads again after every save)
  const version = props.settings.version;
  useAutosave({
    key: "reminders",
    changed: changed && valid,
    edits: JSON.stringify(draft),
    disabled: props.readOnly,
    save: () =>
      call(async () => {
        try {
          await api(notificationRuleRoutes.updatePackageReminderSettings, {
            params: props.params,
            body: {
              version,
              useOrganizationDefaults: draft.useOrganizationDefaults,
              override: draft.useOrganizationDefaults ? null : draft.policy,
            },
            passThrough: true,
          });
        } finally {
          await client.invalidateQueries({ queryKey: props.queryKey });
        }
      }),
  });
  const setPolicy = <K extends keyof ReminderPolicy>(name: K, value: ReminderPolicy[K]) =>
    setDraft((current) => ({ ...current, policy: { ...current.policy, [name]: value } }));
  const own = !draft.useOrganizationDefaults;
  const disabled = props.readOnly || !own;
  const number = (name: "firstAfterDays" | "intervalDays" | "maxCount" | "expiringSoonDays") => (value: unknown) =>
    typeof value === "number" && setPolicy(name, value);

  return (
    <FormSection title="Reminders" description="Automatic reminders to participants who have not finished.">
      <Checkbox
        label="Use the organization's defaults"
        checked={draft.useOrganizationDefaults}
        disabled={props.readOnly}
        onChange={(event) => {
          const useDefaults = event.currentTarget.checked;
          setDraft((current) => ({
            useOrganizationDefaults: useDefaults,
            policy: useDefaults ? props.settings.organizationDefaults : current.policy,
          }));
        }}
      />
      {draft.useOrganizationDefaults ? (
        <Text size="sm" c="dimmed">
          {describe(props.settings.organizationDefaults)}
        </Text>
      ) : (
        <>
          <Switch
            label="Send automatic reminders"
            checked={draft.policy.enabled}
            disabled={disabled}
            onChange={(event) => setPolicy("enabled", event.currentTarget.checked)}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label="First reminder after (days)"
              min={1}
              max={365}
              value={draft.policy.firstAfterDays}
              disabled={disabled || !draft.policy.enabled}
              onChange={number("firstAfterDays")}
            />
            <NumberInput
              label="Then every (days)"
              min={1}
              max={365}
              value={draft.policy.intervalDays}
              disabled={disabled || !draft.policy.enabled}
              onChange={number("intervalDays")}
            />
            <NumberInput
              label="At most (reminders)"
              min={1}
              max={50}
              value={draft.policy.maxCount}
              disabled={disabled || !draft.policy.enabled}
              onChange={number("maxCount")}
            />
          </SimpleGrid>
          <NumberInput
            label="Expiring-soon notice (days before expiry, 0 for none)"
            min={0}
            max={365}
            maw={420}
            value={draft.policy.expiringSoonDays}
            disabled={disabled}
            onChange={number("expiringSoonDays")}
          />
        </>
      )}
      {props.settings.remindersSent > 0 && (
        <Text size="sm" c="dimmed">
          {props.settings.remindersSent} automatic reminder(s) sent so far.
        </Text>
      )}
    </FormSection>
  );
}
