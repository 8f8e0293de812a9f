import {
  Avatar,
  Badge,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import { IconFileText, IconSearch, IconTemplate } from "@tabler/icons-react";
import { PackageNameCell } from "../PackageNameCell.tsx";
import "@mantine/dates/styles.css";
import { DatePickerInput } from "@mantine/dates";
import { useDebouncedValue } from "@mantine/hooks";
import {
  hasPermission,
  PACKAGE_STATUSES,
  type Package,
  type PackageStatus,
  packageRoutes,
  participantRoutes,
  type WorkspacePackage,
} from "@signet/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { ApiError, errorMessage } from "../../../api/api-error.ts";
import { api } from "../../../api/client.ts";
import { useSessionUser } from "../../../app/services-context.tsx";
import { type Column, DataTable } from "../../../components/data-table/DataTable.tsx";
import { urlPageControl } from "../../../components/data-table/use-page-state.ts";
import { Page } from "../../../components/Page.tsx";
import { toastError } from "../../../components/toast.ts";
import { useHasPermission, usePermissionsQuery } from "../../../session/permissions.ts";
import { formatDate } from "../../access/format.ts";
import { BulkSendLink } from "../../bulk-send/BulkSendLink.tsx";
import { OnboardingChecklistCard } from "../../onboarding/OnboardingChecklistCard.tsx";
import { NewFromTemplateDialog } from "../../templates/NewFromTemplateDialog.tsx";
import { PackageActions } from "../actions/PackageActions.tsx";
import { CONTACT_SUMMARY_LABELS, STATUS_COLORS, STATUS_LABELS } from "../package-format.ts";
import { invalidatePackage, packageQueries } from "../package-queries.ts";
import classes from "./workspace.module.css";
import { hasFilters, toWorkspaceQuery, type WorkspaceSearch, withFilter } from "./workspace-search.ts";

type SortField = "createdAt" | "lastUpdatedAt" | "name" | "status" | "shortId";

function Participants({ pkg }: { pkg: WorkspacePackage }) {
  if (pkg.participants.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  }
  return (
    <Tooltip label={pkg.participants.map((participant) => participant.displayName).join(", ")}>
      <Avatar.Group spacing="xs">
        {pkg.participants.slice(0, 4).map((participant) => (
          <Avatar key={participant.id} size={28} radius="xl" color="indigo">
            {participant.initials}
          </Avatar>
        ))}
        {pkg.participants.length > 4 && (
          <Avatar size={28} radius="xl">
            +{pkg.participants.length - 4}
          </Avatar>
        )}
      </Avatar.Group>
    </Tooltip>
  );
}

/** The status tiles: how many packages in each status; a tile toggles that status in the filter. */
function StatusTiles(props: { organizationId: string; selected: string[]; onToggle: (status: PackageStatus) => void }) {
  const counts = useQuery(packageQueries.statusCounts(props.organizationId));
  const shown: PackageStatus[] = ["STARTED", "AVAILABLE_TO_SIGNERS", "COMPLETED", "CANCELLED"];
  const others = PACKAGE_STATUSES.filter((status) => !shown.includes(status));
  const otherCount = others.reduce((sum, status) => sum + (counts.data?.[status] ?? 0), 0);
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" aria-label="Packages by status">
      {shown.map((status) => (
        <UnstyledButton
          key={status}
          className={classes.tile}
          data-active={props.selected.includes(status) || undefined}
          aria-pressed={props.selected.includes(status)}
          onClick={() => props.onToggle(status)}
        >
          <Text size="sm" c="dimmed" fw={600}>
            {STATUS_LABELS[status]}
          </Text>
          <Text fz={26} fw={700} c={STATUS_COLORS[status]} data-testid={`count-${status}`}>
            {counts.data?.[status] ?? "–"}
          </Text>
        </UnstyledButton>
      ))}
      <Paper withBorder p="sm" className={classes.other}>
        <Text size="sm" c="dimmed" fw={600}>
          Other statuses
        </Text>
        <Text fz={26} fw={700}>
          {counts.data ? otherCount : "–"}
        </Text>
      </Paper>
    </SimpleGrid>
  );
}

/** Spec §2 workspace: status counts, filters, the paged package list and quick actions. */
/**
 * Reads what the builder's first step needs before leaving the workspace. If the new draft cannot be
 * opened, it is deleted again, so a failure never leaves empty drafts behind, and the error is shown.
 */
async function opensInBuilder(orgId: string, created: Package) {
  const params = { orgId, packageId: created.id };
  try {
    await Promise.all([
      api(packageRoutes.getPackage, { params, passThrough: true }),
      api(participantRoutes.listParticipants, { params, passThrough: true }),
      api(packageRoutes.listPackageGroupOptions, { params: { orgId }, passThrough: true }),
    ]);
  } catch (error) {
    await api(packageRoutes.deletePackage, { params, query: { version: created.version }, passThrough: true }).catch(
      () => undefined,
    );
    throw error;
  }
}

export function WorkspacePage({
  search,
  onSearch,
}: {
  search: WorkspaceSearch;
  onSearch: (next: WorkspaceSearch, replace?: boolean) => void;
}) {
  const user = useSessionUser();
  const organizationId = user?.organizationId ?? "";
  const canManage = useHasPermission("MANAGE_DOCUMENTS_PACKAGES");
  const permissions = usePermissionsQuery();
  const navigate = useNavigate();
  const client = useQueryClient();
  const current = toWorkspaceQuery(search);
  const page = urlPageControl<SortField, WorkspaceSearch>(
    search,
    {
      pageNumber: current.pageNumber ?? 1,
      sortBy: current.sortBy ?? "createdAt",
      sortDirection: current.sortDirection ?? "desc",
    },
    onSearch,
  );
  const statuses = search.status ?? [];
  const [text, setText] = useState(search.text ?? "");
  const [debouncedText] = useDebouncedValue(text.trim(), 300);
  const filter = (change: Partial<WorkspaceSearch>) => onSearch(withFilter(search, change));

  // Typing updates the URL once the words settle (replacing, not stacking history); back/forward
  // update the box. Only a change of the typed words pushes, so going back is not undone.
  const searchRef = useRef(search);
  searchRef.current = search;
  useEffect(() => {
    const current = searchRef.current;
    if (debouncedText !== (current.text ?? "").trim()) onSearch(withFilter(current, { text: debouncedText }), true);
  }, [debouncedText, onSearch]);
  const urlText = search.text ?? "";
  useEffect(() => {
    setText((current) => (current.trim() === urlText.trim() ? current : urlText));
  }, [urlText]);

  const query = toWorkspaceQuery(search);
  const list = useQuery({ ...packageQueries.workspace(organizationId, query), enabled: organizationId !== "" });
  const groups = (permissions.data?.groups ?? [])
    .filter((group) => hasPermission(group.permissions, "VIEW_DOCUMENTS_PACKAGES"))
    .map((group) => ({ value: group.groupId, label: group.name }));
  const filtered = hasFilters(search);

  const [fromTemplate, setFromTemplate] = useState(false);

  const creation = useMutation({
    mutationFn: async () => {
      const created = await api(packageRoutes.createPackage, {
        params: { orgId: organizationId },
        body: {},
        passThrough: true,
      });
      await opensInBuilder(organizationId, created);
      await invalidatePackage(client, organizationId);
      await navigate({ to: "/packages/$packageId/build", params: { packageId: created.id }, search: { step: 1 } });
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.handled)) toastError(errorMessage(error));
    },
  });

  const toggleStatus = (status: PackageStatus) =>
    filter({
      status: statuses.includes(status) ? statuses.filter((value) => value !== status) : [...statuses, status],
    });

  const columns: Column<WorkspacePackage, SortField>[] = [
    {
      key: "name",
      label: "Package",
      sortField: "name",
      render: (pkg) => (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <PackageNameCell id={pkg.id} name={pkg.name} shortId={pkg.shortId} />
          {/* issue 16 §1: a TRID package whose delivery deadline is at risk */}
          {pkg.tridRisk && (
            <Tooltip label={pkg.tridRisk} multiline w={260}>
              <Badge color="orange" variant="light" size="sm" tabIndex={0} aria-label={`TRID at risk: ${pkg.tridRisk}`}>
                TRID at risk
              </Badge>
            </Tooltip>
          )}
        </Group>
      ),
    },
    {
      key: "status",
      label: "Status",
      sortField: "status",
      render: (pkg) => (
        <Badge variant="light" color={STATUS_COLORS[pkg.status]}>
          {STATUS_LABELS[pkg.status]}
        </Badge>
      ),
    },
    { key: "participants", label: "Participants", render: (pkg) => <Participants pkg={pkg} /> },
    {
      key: "contact",
      label: "Contact",
      render: (pkg) => (
        <Text size="sm" c={pkg.contactSummary === "NONE" ? "dimmed" : undefined}>
          {CONTACT_SUMMARY_LABELS[pkg.contactSummary]}
        </Text>
      ),
    },
    {
      key: "groups",
      label: "Groups",
      render: (pkg) => <Text size="sm">{pkg.packageGroups.map((group) => group.name).join(", ")}</Text>,
    },
    {
      key: "createdAt",
      label: "Created",
      sortField: "createdAt",
      render: (pkg) => <Text size="sm">{formatDate(pkg.createdAt)}</Text>,
    },
    {
      key: "actions",
      label: "",
      align: "right",
      render: (pkg) => <PackageActions organizationId={organizationId} pkg={pkg} variant="menu" />,
    },
  ];

  return (
    <Page
      title="Workspace"
      description={
        user ? `Packages of ${user.organizationName ?? "your organization"} shared with your groups.` : undefined
      }
      actions={
        canManage && (
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconTemplate size={16} aria-hidden />}
              onClick={() => setFromTemplate(true)}
            >
              New from template
            </Button>
            <BulkSendLink />
            <Button
              leftSection={<IconFileText size={16} />}
              loading={creation.isPending}
              onClick={() => creation.mutate()}
            >
              New package
            </Button>
          </Group>
        )
      }
    >
      <NewFromTemplateDialog
        organizationId={organizationId}
        opened={fromTemplate}
        onClose={() => setFromTemplate(false)}
      />
      <OnboardingChecklistCard onStartPackage={() => creation.mutate()} />
      <StatusTiles organizationId={organizationId} selected={statuses} onToggle={toggleStatus} />
      <DataTable
        label="Packages"
        columns={columns}
        rows={list.data?.records}
        paging={{ page, count: list.data?.count ?? 0 }}
        loading={list.isFetching}
        rowKey={(pkg) => pkg.id}
        empty={filtered ? "No package matches these filters." : "No packages yet."}
        toolbar={
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              aria-label="Search packages"
              placeholder="Name, id, participant or email"
              leftSection={<IconSearch size={16} />}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              w={{ base: "100%", sm: 260 }}
            />
            <MultiSelect
              aria-label="Status"
              placeholder={statuses.length === 0 ? "All statuses" : undefined}
              data={PACKAGE_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
              value={statuses}
              onChange={(value) => filter({ status: value as PackageStatus[] })}
              clearable
              w={{ base: "100%", sm: 260 }}
            />
            <Select
              aria-label="Group"
              placeholder="All groups"
              data={groups}
              value={search.groupId ?? null}
              onChange={(value) => filter({ groupId: value ?? undefined })}
              clearable
              w={{ base: "100%", sm: 180 }}
            />
            <DatePickerInput
              type="range"
              aria-label="Created between"
              placeholder="Created between"
              valueFormat="YYYY-MM-DD"
              value={[search.createdFrom ?? null, search.createdTo ?? null]}
              onChange={([from, to]) => {
                // a range half picked waits for its end before filtering
                if (from && !to) return;
                filter({ createdFrom: from ?? undefined, createdTo: to ?? undefined });
              }}
              allowSingleDateInRange
              clearable
              w={{ base: "100%", sm: 240 }}
            />
          </Group>
        }
      />
    </Page>
  );
}
