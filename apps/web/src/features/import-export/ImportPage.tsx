import { Alert, Badge, Button, Code, Group, Modal, Paper, Skeleton, Stack, Text, Title, Tooltip } from "@mantine/core";
import type { ConfigurationImportResult, ConfigurationPlan } from "@signet/contract";
import { IconAlertTriangle, IconCheck, IconFileZip } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, errorMessage } from "../../api/api-error.ts";
import { CopyField } from "../../components/CopyField.tsx";
import { SecretOnceModal } from "../../components/SecretOnceModal.tsx";
import { toastSuccess } from "../../components/toast.ts";
import { ArchiveDrop } from "./ArchiveDrop.tsx";
import { applyImport, dryRunImport } from "./import-export-api.ts";
import { PlanTable } from "./PlanTable.tsx";
import { applyBlockedReason, countsSentence, importedSentence } from "./plan-words.ts";
import { useTargetOrganization } from "./use-target-organization.ts";

type Step =
  | { kind: "choose" }
  | { kind: "checking"; file: File }
  | { kind: "plan"; file: File; plan: ConfigurationPlan }
  | { kind: "done"; result: ConfigurationImportResult };

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

function Problem({ error, title }: { error: unknown; title: string }) {
  const traceId = error instanceof ApiError ? error.traceId : null;
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={title} role="alert">
      <Stack gap={4}>
        <Text size="sm">{errorMessage(error)}</Text>
        {traceId && (
          <Text size="xs">
            Trace ID: <Code>{traceId}</Code>
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/** Issue 13 §6 import: choose the archive, review the dry run item by item, then import it in one go. */
export function ImportPage({ org }: { org?: string }) {
  const { organizationId, supportAccess, name } = useTargetOrganization(org);
  const client = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: "choose" });
  const [error, setError] = useState<{ title: string; error: unknown } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [applying, setApplying] = useState(false);
  const [secrets, setSecrets] = useState<ConfigurationImportResult["webhookSecrets"]>([]);

  async function check(file: File) {
    setError(null);
    setStep({ kind: "checking", file });
    try {
      setStep({ kind: "plan", file, plan: await dryRunImport(organizationId, file) });
    } catch (failure) {
      setStep({ kind: "choose" });
      setError({ title: `${file.name} cannot be imported`, error: failure });
    }
  }

  async function apply(file: File, plan: ConfigurationPlan) {
    setApplying(true);
    try {
      const result = await applyImport(organizationId, file, plan.fingerprint);
      setConfirming(false);
      setStep({ kind: "done", result });
      setSecrets(result.webhookSecrets);
      toastSuccess(importedSentence(result.counts));
      // every view of this organization's configuration may have changed
      await client.invalidateQueries();
    } catch (failure) {
      setConfirming(false);
      setError({ title: "Nothing was imported", error: failure });
    } finally {
      setApplying(false);
    }
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        {supportAccess && (
          <Badge color="dark" variant="light" w="fit-content">
            Support access
          </Badge>
        )}
        <Title order={2} size="h3">
          Import a configuration{name ? ` into ${name}` : ""}
        </Title>
        <Text size="sm" c="dimmed">
          Choose a configuration exported from Signet. A dry run first lists what the import would create, change or
          leave alone, and every conflict; the import then applies it all at once, or nothing.
        </Text>
      </Stack>
      {error && <Problem error={error.error} title={error.title} />}
      {step.kind === "choose" && <ArchiveDrop onFile={(file) => void check(file)} />}
      {step.kind === "checking" && (
        <Stack gap="sm" role="status" aria-busy="true" aria-label={`Checking ${step.file.name}`}>
          <Text size="sm">Checking {step.file.name}…</Text>
          <Skeleton height={32} />
          <Skeleton height={160} />
        </Stack>
      )}
      {step.kind === "plan" && (
        <>
          <Paper withBorder p="md">
            <Group justify="space-between" align="center" wrap="wrap">
              <Group gap="sm" wrap="nowrap">
                <IconFileZip size={28} stroke={1.5} aria-hidden />
                <Stack gap={0}>
                  <Text fw={600}>{step.file.name}</Text>
                  <Text size="sm" c="dimmed">
                    {step.plan.source.organizationName}, exported{" "}
                    {dateTime.format(new Date(step.plan.source.exportedAt))} from {step.plan.source.installation}
                  </Text>
                  <Text size="sm" aria-live="polite">
                    Dry run: {countsSentence(step.plan.counts)}.
                  </Text>
                </Stack>
              </Group>
              <Group gap="sm">
                <Button variant="default" onClick={() => setStep({ kind: "choose" })} disabled={applying}>
                  Choose another file
                </Button>
                <Button variant="default" onClick={() => void check(step.file)} disabled={applying}>
                  Run the dry run again
                </Button>
                <ApplyButton plan={step.plan} onClick={() => setConfirming(true)} />
              </Group>
            </Group>
          </Paper>
          <PlanTable plan={step.plan} />
          <Modal
            opened={confirming}
            onClose={() => setConfirming(false)}
            title="Import this configuration?"
            closeButtonProps={{ "aria-label": "Close" }}
            centered
          >
            <Stack gap="md">
              <Text>
                {countsSentence({ ...step.plan.counts, UNCHANGED: 0 })} in this organization, all at once. Items the
                archive does not name stay as they are.
              </Text>
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => setConfirming(false)} disabled={applying}>
                  Cancel
                </Button>
                <Button onClick={() => void apply(step.file, step.plan)} loading={applying} data-autofocus>
                  Import configuration
                </Button>
              </Group>
            </Stack>
          </Modal>
        </>
      )}
      {step.kind === "done" && (
        <Paper withBorder p="xl">
          <Stack gap="sm" align="flex-start">
            <Group gap="xs">
              <IconCheck size={20} color="var(--mantine-color-teal-9)" aria-hidden />
              <Text fw={600}>{importedSentence(step.result.counts)}</Text>
            </Group>
            <Text size="sm">The import is recorded in the organization's history.</Text>
            <Button variant="default" onClick={() => setStep({ kind: "choose" })}>
              Import another archive
            </Button>
          </Stack>
        </Paper>
      )}
      <SecretOnceModal
        opened={secrets.length > 0}
        title="Copy the new webhook signing secrets now"
        warning="The import made a new signing secret for each webhook it created. Give each to its receiver before closing this window; if one is lost, rotate that webhook's secret."
        onClose={() => setSecrets([])}
      >
        {secrets.map((secret) => (
          <CopyField key={secret.url} label="Signing secret" description={secret.url} value={secret.secret} />
        ))}
      </SecretOnceModal>
    </Stack>
  );
}

/** Disabled while conflicts remain, saying why on hover and focus (aria-disabled keeps the tooltip reachable). */
function ApplyButton({ plan, onClick }: { plan: ConfigurationPlan; onClick: () => void }) {
  const blocked = applyBlockedReason(plan);
  return (
    <Tooltip label={blocked ?? ""} disabled={!blocked} multiline maw={320}>
      <Button
        data-disabled={blocked ? true : undefined}
        aria-disabled={blocked ? true : undefined}
        onClick={(event) => {
          if (blocked) event.preventDefault();
          else onClick();
        }}
      >
        Import configuration
      </Button>
    </Tooltip>
  );
}
