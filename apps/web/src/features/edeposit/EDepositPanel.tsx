import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { EDEPOSIT_MESSAGES, type EDeposit, eDepositRoutes, fillPath, routeUrl } from "@signet/contract";
import {
  IconCheck,
  IconCircleCheck,
  IconCircleDashed,
  IconCircleX,
  IconClockHour4,
  IconCopy,
  IconFileZip,
  IconLoader2,
  IconRefresh,
  IconShieldCheck,
  IconX,
} from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { type Column, DataTable } from "../../components/data-table/DataTable.tsx";
import { ButtonLink } from "../../components/links.tsx";
import { TechnicalDetailsToggle } from "../../components/TechnicalDetailsToggle.tsx";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { formatDateTime } from "../access/format.ts";
import { invalidatePackage } from "../packages/package-queries.ts";
import { GuardedButton } from "../settings/webhooks/GuardedControls.tsx";
import {
  DOCUMENT_TYPE_LABELS,
  eDepositStatusColor,
  eDepositStatusText,
  ITEM_ROLE_LABELS,
  STAGE_STATE_COLORS,
  STAGE_STATE_TEXT,
  shortSha256,
  vaultTypeLabel,
} from "./edeposit-format.ts";
import { eDepositQuery } from "./edeposit-queries.ts";

export const EDEPOSIT_PANEL_MESSAGES = {
  retried: EDEPOSIT_MESSAGES.retried,
  cancelled: EDEPOSIT_MESSAGES.cancelled,
  confirmed: EDEPOSIT_MESSAGES.confirmed,
  cancelTitle: "Cancel eDeposit",
  cancelConfirm:
    "Cancelling stops further deposit attempts for the failed documents, and it cannot be undone. The package returns to Completed and unwatermarked copies of its documents can be exported.",
  noManage: "You do not manage packages in this package's groups.",
} as const;

const STAGE_ICONS: Record<EDeposit["stages"][number]["state"], ReactNode> = {
  DONE: <IconCircleCheck size={18} color="var(--mantine-color-teal-8)" aria-hidden />,
  FAILED: <IconCircleX size={18} color="var(--mantine-color-red-8)" aria-hidden />,
  RUNNING: <IconLoader2 size={18} color="var(--mantine-color-blue-8)" aria-hidden />,
  WAITING: <IconCircleDashed size={18} color="var(--mantine-color-gray-6)" aria-hidden />,
};

/** What was deposited, in words. */
const ITEM_COLUMNS: Column<EDeposit["items"][number]>[] = [
  { key: "name", label: "Name", render: (item) => item.name },
  { key: "kind", label: "Kind", render: (item) => ITEM_ROLE_LABELS[item.role] },
  {
    key: "type",
    label: "Type",
    render: (item) =>
      DOCUMENT_TYPE_LABELS[item.documentType as keyof typeof DOCUMENT_TYPE_LABELS] ?? vaultTypeLabel(item.documentType),
  },
];

/** Behind "Technical details": each item's digest (to compare with the vault's) and the vault's receipt. */
const TECHNICAL_ITEM_COLUMNS: Column<EDeposit["items"][number]>[] = [
  {
    key: "sha256",
    label: "SHA-256",
    render: (item) => (
      <Group gap={4} wrap="nowrap">
        <Text size="xs" ff="monospace" title={item.sha256}>
          {shortSha256(item.sha256)}
        </Text>
        <CopyButton value={item.sha256} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? "Copied" : "Copy the SHA-256"} withinPortal>
              <ActionIcon
                variant="subtle"
                color={copied ? "teal" : "gray"}
                onClick={copy}
                aria-label={copied ? "SHA-256 copied" : `Copy the SHA-256 of ${item.name}`}
              >
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    ),
  },
  {
    key: "receipt",
    label: "Receipt",
    render: (item) => (
      <Text size="xs" ff="monospace">
        {item.receiptId}
      </Text>
    ),
  },
];

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * The package page's eDeposit panel (issue 15 §3, DOMAIN.md §2): the deposit's status, its five
 * stages, each failed attempt, what the vault received and the actions the API allows (retry,
 * cancel, confirm with the vault, download). Shown when the package deposits; asks again while a
 * deposit runs in the worker.
 */
export function EDepositPanel({
  organizationId,
  packageId,
  canManage,
}: {
  organizationId: string;
  packageId: string;
  canManage: boolean;
}) {
  const client = useQueryClient();
  const query = useQuery(eDepositQuery(organizationId, packageId));
  const status = query.data?.status;
  // the worker moves the package on (EDEPOSITED) as the deposit settles: the page's badge follows
  const seen = useRef(status);
  useEffect(() => {
    if (seen.current === status) return;
    seen.current = status;
    void client.invalidateQueries({ queryKey: ["packages", organizationId, packageId, "package"] });
  }, [status, client, organizationId, packageId]);

  if (query.isPending)
    return <Skeleton height={200} radius="md" role="status" aria-busy="true" aria-label="Loading the eDeposit" />;
  if (!query.data) return null;
  const data = query.data;
  if (!data.config.enabled && data.status === null) return null;
  return <Panel organizationId={organizationId} packageId={packageId} data={data} canManage={canManage} />;
}

function Panel({
  organizationId,
  packageId,
  data,
  canManage,
}: {
  organizationId: string;
  packageId: string;
  data: EDeposit;
  canManage: boolean;
}) {
  const client = useQueryClient();
  const params = { orgId: organizationId, packageId };
  const allowed = (action: EDeposit["allowedActions"][number]) => data.allowedActions.includes(action);
  const reason = canManage ? null : EDEPOSIT_PANEL_MESSAGES.noManage;

  // one deposit action at a time: its kind marks the button that runs it
  type Kind = "retry" | "cancel" | "confirm";
  const action = useMutation({
    mutationFn: ({ work }: { kind: Kind; work: () => Promise<unknown>; success: string }) => work(),
    onSuccess: (_done, { success }) => toastSuccess(success),
    onError: (error) => toastError(errorMessage(error)),
    onSettled: () => invalidatePackage(client, organizationId, packageId),
  });
  const busy = action.isPending ? (action.variables?.kind ?? null) : null;
  const run = (kind: Kind, work: () => Promise<unknown>, success: string) =>
    action.mutateAsync({ kind, work, success }).catch(() => undefined);
  const retry = () =>
    run(
      "retry",
      () => api(eDepositRoutes.retryEDeposit, { params, passThrough: true }),
      EDEPOSIT_PANEL_MESSAGES.retried,
    );
  const confirm = () =>
    run(
      "confirm",
      () => api(eDepositRoutes.confirmEDeposit, { params, passThrough: true }),
      EDEPOSIT_PANEL_MESSAGES.confirmed,
    );
  const [asking, setAsking] = useState(false);
  const [technical, setTechnical] = useState(false);
  const cancel = async () => {
    setAsking(false);
    await run(
      "cancel",
      () => api(eDepositRoutes.cancelEDeposit, { params, passThrough: true }),
      EDEPOSIT_PANEL_MESSAGES.cancelled,
    );
  };
  const downloadHref = fillPath(routeUrl(eDepositRoutes.downloadEDeposit), params);

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="edeposit-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <div>
            <Group gap="xs" wrap="wrap">
              <Title order={2} fz="lg" id="edeposit-title">
                eDeposit
              </Title>
              <Badge variant="light" color={eDepositStatusColor(data.status)} tt="none" data-testid="edeposit-status">
                {eDepositStatusText(data.status)}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {data.vaultName ? `Into ${data.vaultName}` : "No eVault chosen"}
              {data.status === "IN_PROGRESS" ? " · updating by itself while the deposit runs" : ""}
            </Text>
          </div>
          <Group gap="sm" wrap="wrap">
            {allowed("retry") && (
              <GuardedButton
                reason={reason}
                loading={busy === "retry"}
                leftSection={<IconRefresh size={16} aria-hidden />}
                onClick={() => void retry()}
              >
                Retry
              </GuardedButton>
            )}
            {allowed("confirm") && (
              <GuardedButton
                reason={reason}
                loading={busy === "confirm"}
                variant="default"
                leftSection={<IconShieldCheck size={16} aria-hidden />}
                onClick={() => void confirm()}
              >
                Confirm with vault
              </GuardedButton>
            )}
            {allowed("cancel") && (
              <GuardedButton
                reason={reason}
                loading={busy === "cancel"}
                variant="default"
                color="red"
                leftSection={<IconX size={16} aria-hidden />}
                onClick={() => setAsking(true)}
              >
                Cancel eDeposit
              </GuardedButton>
            )}
            {allowed("download") && (
              <Button
                component="a"
                href={downloadHref}
                download
                variant="default"
                leftSection={<IconFileZip size={16} aria-hidden />}
              >
                Download deposited files
              </Button>
            )}
          </Group>
        </Group>

        {data.failed && data.nextAttemptAt && (
          <Alert color="yellow" variant="light" icon={<IconClockHour4 size={18} aria-hidden />}>
            The deposit will be tried again by itself: the next attempt runs {formatDateTime(data.nextAttemptAt)}. Retry
            to try now, or fix the settings first.
          </Alert>
        )}
        {data.failed && !data.locked && canManage && (
          <div>
            <ButtonLink
              size="xs"
              variant="light"
              to="/packages/$packageId/build"
              params={{ packageId }}
              search={{ step: 3 }}
            >
              Change the eDeposit settings
            </ButtonLink>
          </div>
        )}

        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <Fact label="Vault transaction">{data.vaultTransactionId ?? "Not opened yet"}</Fact>
          <Fact label="Attempts">{data.attemptNum}</Fact>
          <Fact label="Started">{formatDateTime(data.startedAt, "Not started")}</Fact>
          {data.depositedAt && <Fact label="Deposited">{formatDateTime(data.depositedAt)}</Fact>}
          {data.cancelledAt && <Fact label="Cancelled">{formatDateTime(data.cancelledAt)}</Fact>}
          {!data.depositedAt && !data.cancelledAt && (
            <Fact label="Next automatic retry">{formatDateTime(data.nextAttemptAt, "None scheduled")}</Fact>
          )}
        </SimpleGrid>

        <div>
          <Title order={3} fz="md" mb="xs" id="edeposit-stages">
            Stages
          </Title>
          <Stack gap={6} component="ol" aria-labelledby="edeposit-stages" style={{ listStyle: "none", padding: 0 }}>
            {data.stages.map((stage, index) => (
              <Group key={stage.stage} component="li" gap="sm" wrap="nowrap" justify="space-between">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  {STAGE_ICONS[stage.state]}
                  <Text size="sm">
                    {index + 1}. {stage.label}
                  </Text>
                </Group>
                <Badge variant="light" color={STAGE_STATE_COLORS[stage.state]} tt="none" style={{ flexShrink: 0 }}>
                  {STAGE_STATE_TEXT[stage.state]}
                </Badge>
              </Group>
            ))}
          </Stack>
        </div>

        {data.errorsContainer.length > 0 && (
          <div>
            <Title order={3} fz="md" mb="xs" id="edeposit-errors">
              Errors
            </Title>
            <Stack gap="xs" component="ul" aria-labelledby="edeposit-errors" style={{ listStyle: "none", padding: 0 }}>
              {[...data.errorsContainer].reverse().map((error) => (
                <Paper key={`${error.attemptNum}-${error.occurredAt}`} component="li" withBorder p="sm" bg="red.0">
                  <Text size="xs" c="dimmed">
                    Attempt {error.attemptNum} · {formatDateTime(error.occurredAt)} ·{" "}
                    {data.stages.find((stage) => stage.stage === error.stage)?.label ?? error.stage}
                  </Text>
                  <Text size="sm">{error.errorText}</Text>
                </Paper>
              ))}
            </Stack>
          </div>
        )}

        {data.items.length > 0 && (
          <div>
            <Title order={3} fz="md" mb="xs">
              Deposited
            </Title>
            <DataTable
              label="Deposited items"
              columns={technical ? [...ITEM_COLUMNS, ...TECHNICAL_ITEM_COLUMNS] : ITEM_COLUMNS}
              rows={data.items}
              rowKey={(item) => item.documentKey}
              empty="Nothing deposited."
              framed={false}
            />
            <TechnicalDetailsToggle shown={technical} onChange={setTechnical} />
          </div>
        )}
      </Stack>
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title={EDEPOSIT_PANEL_MESSAGES.cancelTitle}
        centered
        closeButtonProps={{ "aria-label": "Close" }}
      >
        <Stack gap="md">
          <Text>{EDEPOSIT_PANEL_MESSAGES.cancelConfirm}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAsking(false)}>
              Keep the eDeposit
            </Button>
            <Button color="red.9" onClick={() => void cancel()} data-autofocus>
              Cancel eDeposit
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
