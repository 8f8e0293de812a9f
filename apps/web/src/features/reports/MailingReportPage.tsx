import "@mantine/charts/styles.css";
import "@mantine/dates/styles.css";
import { BarChart } from "@mantine/charts";
import { Alert, Badge, Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import {
  MAILING_REASON_WORDS,
  MAILING_STATUS_WORDS,
  MAILING_STATUSES,
  type MailingReport,
  type MailingReportRow,
  type MailingStatus,
  MILESTONE_WORDS,
  printMailRoutes,
} from "@signet/contract";
import { IconDownload, IconMailForward } from "@tabler/icons-react";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ApiError, errorMessage } from "../../api/api-error.ts";
import { buildRequest } from "../../api/build-request.ts";
import { api } from "../../api/client.ts";
import { useSessionUser } from "../../app/services-context.tsx";
import { type Column, DataTable } from "../../components/data-table/DataTable.tsx";
import { urlPageControl } from "../../components/data-table/use-page-state.ts";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { formatDate } from "../access/format.ts";
import { downloadCsv } from "./csv-download.ts";
import type { MailingReportSearch } from "./mailing-report-search.ts";
import { ReportError } from "./ReportStates.tsx";

type SortField = "createdAt" | "status" | "recipientName";

const filterOf = (search: MailingReportSearch) => {
  const { status, carrier, milestoneError, createdFrom, createdTo } = search;
  return Object.fromEntries(
    Object.entries({ status, carrier, milestoneError, createdFrom, createdTo }).filter(([, value]) => value),
  ) as Pick<MailingReportSearch, "status" | "carrier" | "milestoneError" | "createdFrom" | "createdTo">;
};

// shade 8 on the light badge keeps small bold text above 4.5:1 (WCAG AA)
const STATUS_COLORS: Record<MailingStatus, string> = {
  QUEUED: "gray.8",
  SUBMIT_FAILED: "red.8",
  SUBMITTED: "blue.8",
  PRINTING: "blue.8",
  MAILED: "indigo.8",
  DELIVERED: "teal.8",
  RETURNED: "green.9",
  RETURNED_TO_SENDER: "red.8",
  FAILED: "red.8",
};

export function MailingStatusBadge({ status }: { status: MailingStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status]}>
      {MAILING_STATUS_WORDS[status]}
    </Badge>
  );
}

const columns: Column<MailingReportRow, SortField>[] = [
  {
    key: "package",
    label: "Package",
    render: (row) => (
      <Link to="/packages/$packageId" params={{ packageId: row.packageId }}>
        {row.packageName}
      </Link>
    ),
  },
  { key: "recipientName", label: "Recipient", sortField: "recipientName", render: (row) => row.recipientName },
  { key: "reason", label: "Why paper", render: (row) => <Text size="sm">{MAILING_REASON_WORDS[row.reason]}</Text> },
  { key: "status", label: "Status", sortField: "status", render: (row) => <MailingStatusBadge status={row.status} /> },
  {
    key: "carrier",
    label: "Carrier",
    render: (row) => <Text size="sm">{[row.carrier, row.trackingNumber].filter(Boolean).join(" · ") || "—"}</Text>,
  },
  {
    key: "last",
    label: "Last milestone",
    render: (row) => (
      <Text size="sm">
        {row.lastMilestone ? `${MILESTONE_WORDS[row.lastMilestone]}, ${formatDate(row.lastMilestoneAt)}` : "—"}
      </Text>
    ),
  },
  {
    key: "createdAt",
    label: "Created",
    sortField: "createdAt",
    render: (row) => <Text size="sm">{formatDate(row.createdAt)}</Text>,
  },
];

function Totals({ report }: { report: MailingReport | undefined }) {
  const items: [string, number | undefined][] = [
    ["Mailings", report?.totals.mailings],
    ["Delivered", report?.totals.delivered],
    ["Signed papers back", report?.totals.returned],
    ["With an error", report?.totals.errors],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      {items.map(([label, value]) => (
        <Paper key={label} withBorder p="md" radius="md">
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton height={28} mt={4} />
          ) : (
            <Text fz={24} fw={600}>
              {value}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function StatusChart({ report }: { report: MailingReport | undefined }) {
  if (!report) return <Skeleton height={260} radius="md" />;
  const data = report.byStatus.map((entry) => ({ status: MAILING_STATUS_WORDS[entry.status], Mailings: entry.count }));
  const summary =
    data.length === 0
      ? "No mailings match these filters."
      : data.map((entry) => `${entry.status}: ${entry.Mailings}`).join(", ");
  return (
    <Paper withBorder p="md" radius="md" component="figure" m={0} aria-label="Mailings by status">
      <Title order={2} fz="md" mb={4}>
        Mailings by status
      </Title>
      <Text size="sm" c="dimmed" mb="sm" component="figcaption">
        {summary}
      </Text>
      {data.length > 0 && (
        <BarChart h={220} data={data} dataKey="status" series={[{ name: "Mailings", color: "blue.6" }]} />
      )}
    </Paper>
  );
}

function ExportButton({
  organizationId,
  search,
  disabled,
}: {
  organizationId: string;
  search: MailingReportSearch;
  disabled: boolean;
}) {
  const exporting = useMutation({
    mutationFn: () => {
      const { url } = buildRequest(
        printMailRoutes.mailingReportCsv,
        { params: { orgId: organizationId }, query: filterOf(search) },
        null,
      );
      return downloadCsv(url, { onProgress: () => undefined, fallbackName: "mailing-report.csv" });
    },
    onSuccess: (done) =>
      toastSuccess(`Exported ${done.rows} ${done.rows === 1 ? "mailing" : "mailings"} to ${done.fileName}.`),
    onError: (error) => {
      if (!(error instanceof ApiError && error.handled)) toastError(errorMessage(error));
    },
  });
  return (
    <Button
      leftSection={<IconDownload size={16} />}
      variant="default"
      disabled={disabled}
      loading={exporting.isPending}
      onClick={() => exporting.mutate()}
    >
      Export CSV
    </Button>
  );
}

/** Spec §7 mailing report: filters kept in the URL, totals, mailings by status, the paged table and CSV. */
export function MailingReportPage({
  search,
  onSearch,
}: {
  search: MailingReportSearch;
  onSearch: (next: MailingReportSearch) => void;
}) {
  const user = useSessionUser();
  const other = user?.supportUser && search.org && search.org !== user.organizationId ? search.org : undefined;
  const organizationId = other ?? user?.organizationId ?? "";
  const change = (next: Partial<MailingReportSearch>) => onSearch({ ...search, ...next, page: undefined });
  const page = urlPageControl<SortField, MailingReportSearch>(
    search,
    {
      pageNumber: search.page ?? 1,
      sortBy: search.sortBy ?? "createdAt",
      sortDirection: search.sortDirection ?? "desc",
    },
    onSearch,
  );
  const query = { ...filterOf(search), ...page.query };
  const report = useQuery({
    queryKey: ["reports", organizationId, "mailings", query],
    queryFn: ({ signal }) =>
      api(printMailRoutes.mailingReport, { params: { orgId: organizationId }, query, signal, passThrough: true }),
    placeholderData: keepPreviousData,
    enabled: !!organizationId,
  });
  const filtered = Object.keys(filterOf(search)).length > 0;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Status"
            placeholder="Any status"
            data={MAILING_STATUSES.map((status) => ({ value: status, label: MAILING_STATUS_WORDS[status] }))}
            value={search.status ?? null}
            onChange={(value) => change({ status: (value as MailingStatus | null) ?? undefined })}
            clearable
            w={{ base: "100%", sm: 220 }}
          />
          <Select
            label="Carrier"
            placeholder="Any carrier"
            data={["USPS", "UPS", "FEDEX"]}
            value={search.carrier ?? null}
            onChange={(value) => change({ carrier: value ?? undefined })}
            clearable
            w={{ base: "100%", sm: 160 }}
          />
          <Select
            label="Milestone error"
            placeholder="With or without"
            data={[
              { value: "true", label: "Returned or failed" },
              { value: "false", label: "No error" },
            ]}
            value={search.milestoneError ?? null}
            onChange={(value) => change({ milestoneError: (value as "true" | "false" | null) ?? undefined })}
            clearable
            w={{ base: "100%", sm: 200 }}
          />
          <DatePickerInput
            type="range"
            label="Created between"
            placeholder="Any date"
            valueFormat="YYYY-MM-DD"
            value={[search.createdFrom ?? null, search.createdTo ?? null]}
            onChange={([from, to]) => {
              if (from && !to) return;
              change({ createdFrom: from ?? undefined, createdTo: to ?? undefined });
            }}
            allowSingleDateInRange
            clearable
            w={{ base: "100%", sm: 240 }}
          />
        </Group>
        <ExportButton
          organizationId={organizationId}
          search={search}
          disabled={!report.data || report.data.count === 0}
        />
      </Group>
      {report.data && !report.data.available && (
        <Alert color="blue" icon={<IconMailForward size={18} />} title="Print and mail is not set up">
          {report.data.reason}
        </Alert>
      )}
      {report.isError ? (
        <ReportError error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <>
          <Totals report={report.data} />
          <StatusChart report={report.data} />
          <DataTable
            label="Mailing report"
            columns={columns}
            rows={report.data?.records}
            paging={{ page, count: report.data?.count ?? 0 }}
            loading={report.isFetching}
            rowKey={(row) => row.id}
            empty={
              filtered
                ? "No mailing matches these filters."
                : "No mailings yet: print sets mailed to paper signers are counted here."
            }
          />
        </>
      )}
    </Stack>
  );
}
