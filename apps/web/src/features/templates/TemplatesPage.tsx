import {
  ActionIcon,
  Alert,
  Badge,
  Breadcrumbs,
  Button,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Text,
} from "@mantine/core";
import { TEMPLATE_MESSAGES, UI } from "@signet/contract";
import { IconDots, IconInfoCircle, IconPlus, IconTemplate } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, errorMessage } from "../../api/api-error.ts";
import { openConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { type Column, DataTable } from "../../components/data-table/DataTable.tsx";
import { urlPageControl } from "../../components/data-table/use-page-state.ts";
import { AnchorLink } from "../../components/links.tsx";
import { Page } from "../../components/Page.tsx";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { useHasPermission, usePermissionBits } from "../../session/permissions.ts";
import { formatDateTime } from "../access/format.ts";
import { RefusalPage } from "../system/RefusalPage.tsx";
import { NewTemplateModal } from "./NewTemplateModal.tsx";
import {
  type AnyTemplate,
  isDocumentTemplate,
  sortedPage,
  TEMPLATE_KIND_INFO,
  type TemplateKind,
  templateApi,
} from "./template-kinds.ts";
import { refreshTemplates, templateQueries } from "./template-queries.ts";
import type { TemplateSearch, TemplateSortField } from "./template-search.ts";

export const MANAGE_TEMPLATES_REASON = "You need the Manage settings permission to change templates";

export function TemplateBreadcrumbs({
  kind,
  current,
  other,
}: {
  kind: TemplateKind;
  current?: string;
  other?: string;
}) {
  const info = TEMPLATE_KIND_INFO[kind];
  return (
    <Breadcrumbs mb="md">
      <AnchorLink to="/settings" search={other ? { org: other } : {}}>
        Settings
      </AnchorLink>
      {current ? (
        <AnchorLink to={info.listTo} search={{ org: other }}>
          {info.title}
        </AnchorLink>
      ) : (
        <Text>{info.title}</Text>
      )}
      {current && <Text>{current}</Text>}
    </Breadcrumbs>
  );
}

export function StatusBadge({ active }: { active: boolean }) {
  return (
    <Badge color={active ? "teal" : "gray"} variant="light">
      {active ? "Active" : "Inactive"}
    </Badge>
  );
}

/** Activate / deactivate / delete, each with its toast; delete asks first. True when it went through. */
export function useTemplateActions(kind: TemplateKind, organizationId: string) {
  const client = useQueryClient();
  const info = TEMPLATE_KIND_INFO[kind];
  const run = async (work: () => Promise<unknown>, success: string) => {
    try {
      await work();
      toastSuccess(success);
      return true;
    } catch (error) {
      if (!(error instanceof ApiError && error.handled)) toastError(errorMessage(error));
      return false;
    } finally {
      await refreshTemplates(client, organizationId);
    }
  };
  return {
    activate: (template: AnyTemplate) =>
      run(
        () => templateApi.activate(kind, organizationId, template.id, template.version),
        TEMPLATE_MESSAGES.templateActivated,
      ),
    deactivate: (template: AnyTemplate) =>
      run(
        () => templateApi.deactivate(kind, organizationId, template.id, template.version),
        TEMPLATE_MESSAGES.templateDeactivated,
      ),
    remove: async (template: AnyTemplate) => {
      const confirmed = await openConfirmDialog({
        title: `Delete ${info.noun}`,
        message:
          kind === "document"
            ? `Delete '${template.name}'? Packages and package templates already built from it keep their copies.`
            : `Delete '${template.name}'? Packages already started from it are unchanged.`,
        confirmLabel: "Delete",
        confirmColor: "red",
      });
      if (!confirmed) return false;
      return run(
        () => templateApi.remove(kind, organizationId, template.id, template.version),
        TEMPLATE_MESSAGES.templateDeleted,
      );
    },
  };
}

function summary(template: AnyTemplate): string {
  if (isDocumentTemplate(template)) {
    if (template.latestVersion === 0) return "Not published";
    return `Version ${template.latestVersion}${template.draftChanged ? " (unpublished changes)" : ""}`;
  }
  const count = template.documents.length;
  return count === 0 ? "No documents" : `${count} document${count === 1 ? "" : "s"}`;
}

/** Settings › Document templates / Package templates (issue 13 §3–§4). */
export function TemplatesPage({
  kind,
  organizationId,
  other,
  search,
  onSearch,
}: {
  kind: TemplateKind;
  organizationId: string;
  /** a support user's view of another organization */
  other?: string;
  search: TemplateSearch;
  onSearch: (next: TemplateSearch) => void;
}) {
  const info = TEMPLATE_KIND_INFO[kind];
  const known = usePermissionBits() !== null;
  const canView = useHasPermission(["VIEW_ADMIN_SETTINGS", "MANAGE_ADMIN_SETTINGS"]);
  const canManage = useHasPermission("MANAGE_ADMIN_SETTINGS");
  const enabled = canView && organizationId !== "";
  const documents = useQuery({
    ...templateQueries.documentTemplates(organizationId),
    enabled: enabled && kind === "document",
  });
  const packages = useQuery({
    ...templateQueries.packageTemplates(organizationId),
    enabled: enabled && kind === "package",
  });
  const list = kind === "document" ? documents : packages;
  const records: AnyTemplate[] = list.data?.records ?? [];
  const actions = useTemplateActions(kind, organizationId);
  const [adding, setAdding] = useState(false);
  const linkedToNew = search.new === "1" && canManage;
  const pageState = {
    pageNumber: search.page ?? 1,
    sortBy: search.sortBy ?? "name",
    sortDirection: search.sortDirection ?? "asc",
  } as const;
  const page = urlPageControl<TemplateSortField, TemplateSearch>(search, pageState, onSearch);

  const columns: Column<AnyTemplate, TemplateSortField>[] = [
    {
      key: "name",
      label: "Name",
      sortField: "name",
      render: (template) => (
        <>
          <AnchorLink to={info.editTo} params={{ templateId: template.id }} search={{ org: other }} size="sm" fw={600}>
            {template.name}
          </AnchorLink>
          {template.description && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {template.description}
            </Text>
          )}
        </>
      ),
    },
    {
      key: "status",
      label: "Status",
      sortField: "status",
      render: (template) => <StatusBadge active={template.active} />,
    },
    {
      key: "summary",
      label: kind === "document" ? "Latest version" : "Documents",
      render: (template) => <Text size="sm">{summary(template)}</Text>,
    },
    {
      key: "groups",
      label: "Groups",
      render: (template) => (
        <Text size="sm" c={template.groups.length === 0 ? "dimmed" : undefined}>
          {template.groups.map((group) => group.name).join(", ") || "No group yet"}
        </Text>
      ),
    },
    {
      key: "lastUpdatedAt",
      label: "Last updated",
      sortField: "lastUpdatedAt",
      render: (template) => <Text size="sm">{formatDateTime(template.lastUpdatedAt)}</Text>,
    },
    {
      key: "actions",
      label: "",
      align: "right",
      render: (template) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              aria-label={`Actions for ${template.name}`}
              disabled={!canManage}
              title={canManage ? undefined : MANAGE_TEMPLATES_REASON}
            >
              <IconDots size={16} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {template.active ? (
              <Menu.Item onClick={() => void actions.deactivate(template)}>Deactivate</Menu.Item>
            ) : (
              <Menu.Item onClick={() => void actions.activate(template)}>Activate</Menu.Item>
            )}
            <Menu.Item color="red" onClick={() => void actions.remove(template)}>
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  const newButton = (
    <Button
      leftSection={<IconPlus size={16} aria-hidden />}
      disabled={!canManage}
      title={canManage ? undefined : MANAGE_TEMPLATES_REASON}
      onClick={() => setAdding(true)}
    >
      New template
    </Button>
  );

  let body: React.ReactNode;
  if (!known || (canView && list.isPending)) {
    body = (
      <Stack gap="xs" role="status" aria-busy="true" aria-label={`Loading the ${info.noun}s`}>
        <Skeleton height={36} />
        <Skeleton height={44} />
        <Skeleton height={44} />
      </Stack>
    );
  } else if (!canView) {
    body = <RefusalPage area={`${info.noun}s`} reason={{ permission: "VIEW_ADMIN_SETTINGS" }} level={2} />;
  } else if (list.isError) {
    body = (
      <Alert color="red" role="alert" title={`The ${info.noun}s could not be loaded.`}>
        {errorMessage(list.error)} Reload the page to try again.
      </Alert>
    );
  } else if (records.length === 0) {
    body = (
      <Paper withBorder p="xl">
        <Stack gap="sm" align="flex-start">
          <Group gap="xs">
            <IconTemplate size={20} aria-hidden />
            <Text fw={600}>No {info.noun}s yet.</Text>
          </Group>
          <Text size="sm">{info.empty}</Text>
          {newButton}
        </Stack>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="md">
        {!canManage && (
          <Alert color="gray" icon={<IconInfoCircle size={18} />}>
            {MANAGE_TEMPLATES_REASON}.
          </Alert>
        )}
        <DataTable
          label={info.title}
          columns={columns}
          rows={sortedPage(records, pageState.sortBy, pageState.sortDirection, pageState.pageNumber, UI.pageSize)}
          paging={{ page, count: records.length }}
          loading={list.isFetching}
          rowKey={(template) => template.id}
          empty={`No ${info.noun}s yet.`}
        />
        <Text size="sm" c="dimmed">
          {records.length} {records.length === 1 ? info.noun : `${info.noun}s`},{" "}
          {records.filter((t) => t.active).length} active
        </Text>
      </Stack>
    );
  }

  return (
    <Page title={info.title} actions={canView && records.length > 0 ? newButton : undefined}>
      <TemplateBreadcrumbs kind={kind} other={other} />
      {body}
      <NewTemplateModal
        kind={kind}
        organizationId={organizationId}
        other={other}
        opened={adding || linkedToNew}
        onClose={() => {
          setAdding(false);
          if (search.new) onSearch({ ...search, new: undefined });
        }}
      />
    </Page>
  );
}
