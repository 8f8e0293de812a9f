import { PackageNameCell } from "../packages/PackageNameCell.tsx";
import "@mantine/dates/styles.css";
import { Badge, Group, MultiSelect, Select, Stack, Text, Tooltip } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import {
  DEFAULT_PARTICIPANT_TYPES,
  hasAnyPermission,
  hasPermission,
  PACKAGE_STATUSES,
  type PackageReportRow,
  type PackageReportSortField,
  type PackageStatus,
} from "@signet/contract";
import { useQuery } from "@tanstack/react-query";
import { useSessionUser } from "../../app/services-context.tsx";
import { type Column, DataTable } from "../../components/data-table/DataTable.tsx";
import { urlPageControl } from "../../components/data-table/use-page-state.ts";
import { usePermissionsQuery } from "../../session/permissions.ts";
import { formatDate } from "../access/format.ts";
import { STATUS_COLORS, STATUS_LABELS } from "../packages/package-format.ts";
import { CsvExportButton } from "./CsvExportButton.tsx";
import { ReportCharts } from "./ReportCharts.tsx";
import { ReportError } from "./ReportStates.tsx";
import { ReportTotals } from "./ReportTotals.tsx";
import { reportQueries } from "./report-queries.ts";
import {
  hasReportFilters,
  type ReportSearch,
  toReportFilter,
  toReportQuery,
  withReportFilter,
} from "./report-search.ts";

const SENDER_PERMISSIONS = ["VIEW_USERS_GROUPS_ROLES", "MANAGE_USERS", "MANAGE_GROUPS"] as const;
const TYPE_PERMISSIONS = ["VIEW_DOCUMENTS_PACKAGES", "VIEW_ADMIN_SETTINGS"] as const;

const columns: Column<PackageReportRow, PackageReportSortField>[] = [
  {
    key: "name",
    label: "Package",
    sortField: "name",
    render: (row) => <PackageNameCell id={row.id} name={row.name} shortId={row.shortId} />,
  },
  {
    key: "status",
    label: "Status",
    sortField: "status",
    render: (row) => (
      <Badge variant="light" color={STATUS_COLORS[row.status]}>
        {STATUS_LABELS[row.status]}
      </Badge>
    ),
  },
  { key: "sender", label: "Sender", render: (row) => <Text size="sm">{row.senderName ?? "—"}</Text> },
  { key: "groups", label: "Groups", render: (row) => <Text size="sm">{row.groups.join(", ")}</Text> },
  {
    key: "createdAt",
    label: "Created",
    sortField: "createdAt",
    render: (row) => <Text size="sm">{formatDate(row.createdAt)}</Text>,
  },
  {
    key: "sentAt",
    label: "Sent",
    sortField: "sentAt",
    render: (row) => <Text size="sm">{formatDate(row.sentAt)}</Text>,
  },
  {
    key: "completedAt",
    label: "Completed",
    sortField: "completedAt",
    render: (row) => <Text size="sm">{formatDate(row.completedAt)}</Text>,
  },
  { key: "participants", label: "Participants", align: "right", render: (row) => row.participantCount },
  {
    key: "days",
    label: "Days to complete",
    align: "right",
    render: (row) => (row.daysToComplete === null ? "—" : row.daysToComplete),
  },
];

/** Issue 14 §3: the package report — filters, totals, charts, the paged table and the CSV export. */
export function PackageReportPage({
  search,
  onSearch,
}: {
  search: ReportSearch;
  onSearch: (next: ReportSearch, replace?: boolean) => void;
}) {
  const user = useSessionUser();
  const organizationId = user?.organizationId ?? "";
  const permissions = usePermissionsQuery();
  const bits = permissions.data?.permissions ?? 0;
  const canListSenders = hasAnyPermission(bits, SENDER_PERMISSIONS);
  const canListTypes = hasAnyPermission(bits, TYPE_PERMISSIONS);
  const filter = toReportFilter(search);
  const change = (next: Partial<ReportSearch>) => onSearch(withReportFilter(search, next));
  const current = toReportQuery(search);
  const page = urlPageControl<PackageReportSortField, ReportSearch>(
    search,
    {
      pageNumber: current.pageNumber ?? 1,
      sortBy: current.sortBy ?? "createdAt",
      sortDirection: current.sortDirection ?? "desc",
    },
    onSearch,
  );

  const report = useQuery({
    ...reportQueries.packages(organizationId, toReportQuery(search)),
    enabled: !!organizationId,
  });
  const series = useQuery({ ...reportQueries.series(organizationId, filter), enabled: !!organizationId });
  const senders = useQuery({ ...reportQueries.senders(organizationId), enabled: !!organizationId && canListSenders });
  const settings = useQuery({
    ...reportQueries.participantTypes(organizationId),
    enabled: !!organizationId && canListTypes,
  });

  const groups = (permissions.data?.groups ?? [])
    .filter((group) => hasPermission(group.permissions, "VIEW_DOCUMENTS_PACKAGES"))
    .map((group) => ({ value: group.groupId, label: group.name }));
  const senderOptions = (senders.data ?? []).map((sender) => ({
    value: sender.id,
    label: `${sender.givenName} ${sender.familyName}`.trim(),
  }));
  const types = settings.data?.participant_types ?? [...DEFAULT_PARTICIPANT_TYPES];
  const typeOptions =
    search.participantType && !types.includes(search.participantType) ? [...types, search.participantType] : types;
  const statuses = search.status ?? [];

  const senderSelect = (
    <Select
      label="Sender"
      placeholder="All senders"
      data={senderOptions}
      value={search.senderId ?? null}
      onChange={(value) => change({ senderId: value ?? undefined })}
      searchable
      clearable
      disabled={!canListSenders}
      w={{ base: "100%", sm: 200 }}
    />
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <MultiSelect
            label="Status"
            placeholder={statuses.length === 0 ? "All statuses" : undefined}
            data={PACKAGE_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
            value={statuses}
            onChange={(value) => change({ status: value as PackageStatus[] })}
            clearable
            w={{ base: "100%", sm: 240 }}
          />
          <Select
            label="Group"
            placeholder="All groups"
            data={groups}
            value={search.groupId ?? null}
            onChange={(value) => change({ groupId: value ?? undefined })}
            clearable
            w={{ base: "100%", sm: 180 }}
          />
          {canListSenders ? (
            senderSelect
          ) : (
            <Tooltip label="Seeing the list of users needs permission to view users">
              <div>{senderSelect}</div>
            </Tooltip>
          )}
          <Select
            label="Participant type"
            placeholder="Any type"
            data={typeOptions}
            value={search.participantType ?? null}
            onChange={(value) => change({ participantType: value ?? undefined })}
            searchable
            clearable
            w={{ base: "100%", sm: 180 }}
          />
          <DatePickerInput
            type="range"
            label="Created between"
            placeholder="Any date"
            valueFormat="YYYY-MM-DD"
            value={[search.createdFrom ?? null, search.createdTo ?? null]}
            onChange={([from, to]) => {
              // a range half picked waits for its end before filtering
              if (from && !to) return;
              change({ createdFrom: from ?? undefined, createdTo: to ?? undefined });
            }}
            allowSingleDateInRange
            clearable
            w={{ base: "100%", sm: 240 }}
          />
        </Group>
        <CsvExportButton
          organizationId={organizationId}
          filter={filter}
          disabled={!report.data || report.data.count === 0}
        />
      </Group>

      {report.isError ? (
        <ReportError error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <ReportTotals totals={report.data?.totals} />
      )}
      {series.isError ? (
        <ReportError error={series.error} onRetry={() => void series.refetch()} />
      ) : (
        <ReportCharts series={series.data} />
      )}
      {!report.isError && (
        <DataTable
          label="Package report"
          columns={columns}
          rows={report.data?.records}
          paging={{ page, count: report.data?.count ?? 0 }}
          loading={report.isFetching}
          rowKey={(row) => row.id}
          empty={
            hasReportFilters(search)
              ? "No package matches these filters."
              : "No packages yet: packages your groups send are counted here."
          }
        />
      )}
    </Stack>
  );
}
