import { Alert, Button, Group, List, Paper, Select, Skeleton, Stack, Text, Title } from "@mantine/core";
import { BULK_SEND_LIMITS, type BulkSendCheck } from "@signet/contract";
import { IconAlertTriangle, IconDownload, IconFileSpreadsheet, IconPlus, IconSend } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useRef, useState } from "react";
import { ApiError, errorMessage } from "../../api/api-error.ts";
import { useSessionUser } from "../../app/services-context.tsx";
import { AnchorLink, ButtonLink } from "../../components/links.tsx";
import { Page } from "../../components/Page.tsx";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { useHasPermission } from "../../session/permissions.ts";
import { templateQueries } from "../templates/template-queries.ts";
import { bulkSendQueries, checkBulkSendFile, downloadCsvTemplate, startBulkSendFile } from "./bulk-send-api.ts";
import { BULK_SEND_STATUS_LABELS, bulkSendSummary } from "./bulk-send-words.ts";
import { RowErrors } from "./RowErrors.tsx";

/** Bulk send needs a package template: the way to make one, or whom to ask (issue 33 §4: no dead ends). */
function CreateTemplateLink({ inline = false }: { inline?: boolean }) {
  const canCreate = useHasPermission("MANAGE_ADMIN_SETTINGS");
  if (!canCreate) {
    return inline ? null : (
      <Text size="sm" c="dimmed">
        An administrator with the “Manage settings” permission can create one.
      </Text>
    );
  }
  return inline ? (
    <>
      Not the one you need?{" "}
      <AnchorLink to="/settings/package-templates" search={{ new: "1" }} size="xs" underline="always">
        Create a template
      </AnchorLink>
    </>
  ) : (
    <ButtonLink to="/settings/package-templates" search={{ new: "1" }} leftSection={<IconPlus size={16} aria-hidden />}>
      Create a template
    </ButtonLink>
  );
}

type Step =
  | { kind: "choose" }
  | { kind: "checking"; file: File }
  | { kind: "checked"; file: File; check: BulkSendCheck }
  | { kind: "refused"; file: File; error: unknown };

/**
 * Bulk send (issue 13 §5), step by step: choose a usable package template, download its CSV
 * header, fill it in a spreadsheet, upload it, see the file's and each row's problems before
 * anything starts, then start. The progress has its own page.
 */
export function BulkSendStartPage({
  templateId,
  onTemplate,
}: {
  templateId?: string;
  onTemplate: (templateId: string | undefined) => void;
}) {
  const user = useSessionUser();
  const orgId = user?.organizationId ?? "";
  const navigate = useNavigate();
  const templates = useQuery({ ...templateQueries.packageTemplates(orgId, true), enabled: orgId !== "" });
  const template = templates.data?.records.find((each) => each.id === templateId);
  const [step, setStep] = useState<Step>({ kind: "choose" });
  const [starting, setStarting] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function check(file: File) {
    if (!templateId) return;
    setStep({ kind: "checking", file });
    try {
      setStep({ kind: "checked", file, check: await checkBulkSendFile(orgId, templateId, file) });
    } catch (error) {
      setStep({ kind: "refused", file, error });
    }
  }

  async function start(file: File) {
    if (!templateId) return;
    setStarting(true);
    try {
      const started = await startBulkSendFile(orgId, templateId, file);
      toastSuccess("Bulk send started.");
      await navigate({ to: "/bulk-send/$bulkSendId", params: { bulkSendId: started.id } });
    } catch (error) {
      setStep({ kind: "refused", file, error });
    } finally {
      setStarting(false);
    }
  }

  async function download() {
    if (!templateId) return;
    try {
      await downloadCsvTemplate(orgId, templateId);
    } catch (error) {
      if (!(error instanceof ApiError && error.handled)) toastError(errorMessage(error));
    }
  }

  const options = (templates.data?.records ?? []).map((each) => ({ value: each.id, label: each.name }));
  return (
    <Page
      title="Bulk send"
      description={`Create and send up to ${BULK_SEND_LIMITS.rows.toLocaleString("en-US")} packages from a package template and a CSV file of participants, one row a package.`}
      narrow
    >
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            1. Choose a package template
          </Title>
          {templates.isPending ? (
            <Skeleton height={36} />
          ) : options.length === 0 ? (
            <Stack gap="xs" align="flex-start">
              <Text size="sm">No active package template is shared with a group in which you manage packages.</Text>
              <CreateTemplateLink />
            </Stack>
          ) : (
            <Select
              label="Package template"
              placeholder="Choose a template"
              data={options}
              value={templateId ?? null}
              onChange={(value) => {
                setStep({ kind: "choose" });
                onTemplate(value ?? undefined);
              }}
              searchable
              allowDeselect={false}
              description={<CreateTemplateLink inline />}
            />
          )}
          {template && (
            <Text size="sm" c="dimmed">
              Participants: {template.slots.map((slot) => slot.displayName).join(", ") || "none"}
            </Text>
          )}
        </Stack>
      </Paper>
      {template && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              2. Fill in the CSV file
            </Title>
            <Text size="sm">
              One column for each participant's first name, last name, email and phone (e.g. “BORROWER 1 email”), an
              optional “package name”, and a column per package custom field named by its key. The first line names the
              columns; each row below becomes one package.
            </Text>
            <Group>
              <Button
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={() => void download()}
              >
                Download CSV template
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {template && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              3. Upload it and start
            </Title>
            <Group>
              <Button
                variant="default"
                leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
                onClick={() => input.current?.click()}
                loading={step.kind === "checking"}
              >
                {step.kind === "choose" ? "Choose CSV file" : "Choose another CSV file"}
              </Button>
              <input
                ref={input}
                type="file"
                accept=".csv,text/csv"
                hidden
                aria-label="CSV file"
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  event.currentTarget.value = "";
                  if (file) void check(file);
                }}
              />
            </Group>
            {step.kind === "checking" && (
              <Text size="sm" role="status">
                Checking {step.file.name}…
              </Text>
            )}
            {step.kind === "refused" && <Refused file={step.file} error={step.error} />}
            {step.kind === "checked" && (
              <CheckResult
                file={step.file}
                check={step.check}
                starting={starting}
                onStart={() => void start(step.file)}
              />
            )}
          </Stack>
        </Paper>
      )}
      {templateId && <RecentBulkSends orgId={orgId} templateId={templateId} />}
    </Page>
  );
}

function Refused({ file, error }: { file: File; error: unknown }) {
  const details = error instanceof ApiError ? (error.details ?? []) : [];
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={`${file.name} cannot be sent`} role="alert">
      <Stack gap={4}>
        <Text size="sm">{errorMessage(error)}</Text>
        {details.length > 0 && (
          <List size="sm">
            {details.map((detail) => (
              <List.Item key={`${detail.path}:${detail.message}`}>
                {detail.path.startsWith("line ") ? `Line ${detail.path.slice(5)}: ` : ""}
                {detail.message}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Alert>
  );
}

function CheckResult({
  file,
  check,
  starting,
  onStart,
}: {
  file: File;
  check: BulkSendCheck;
  starting: boolean;
  onStart: () => void;
}) {
  if (check.headerProblems.length > 0) {
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle size={18} />}
        title={`The columns of ${file.name} do not match`}
        role="alert"
      >
        <List size="sm">
          {check.headerProblems.map((problem) => (
            <List.Item key={problem}>{problem}</List.Item>
          ))}
        </List>
      </Alert>
    );
  }
  const packages = `${check.validRows.toLocaleString("en-US")} package${check.validRows === 1 ? "" : "s"}`;
  return (
    <Stack gap="sm">
      <Text size="sm" aria-live="polite" data-testid="bulk-send-check">
        {file.name}: {check.rows.toLocaleString("en-US")} row{check.rows === 1 ? "" : "s"}; {packages} will be created
        and sent
        {check.rowErrors.length > 0
          ? `; ${check.rowErrors.length} row${check.rowErrors.length === 1 ? "" : "s"} will not (below).`
          : "."}
      </Text>
      {check.rowErrors.length > 0 && <RowErrors label="Rows that will not be sent" rows={check.rowErrors} />}
      <Group>
        <Button
          leftSection={<IconSend size={16} aria-hidden />}
          onClick={onStart}
          loading={starting}
          disabled={check.validRows === 0}
        >
          Send {packages}
        </Button>
      </Group>
    </Stack>
  );
}

function RecentBulkSends({ orgId, templateId }: { orgId: string; templateId: string }) {
  const list = useQuery(bulkSendQueries.ofTemplate(orgId, templateId));
  const records = list.data?.records ?? [];
  if (records.length === 0) return null;
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Earlier bulk sends of this template
        </Title>
        <List size="sm">
          {records.map((bulkSend) => (
            <List.Item key={bulkSend.id}>
              <AnchorLink to="/bulk-send/$bulkSendId" params={{ bulkSendId: bulkSend.id }}>
                {new Date(bulkSend.createdAt).toLocaleString("en-US")}
                {bulkSend.fileName ? ` — ${bulkSend.fileName}` : ""}
              </AnchorLink>{" "}
              ({BULK_SEND_STATUS_LABELS[bulkSend.status]}: {bulkSendSummary(bulkSend)})
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
