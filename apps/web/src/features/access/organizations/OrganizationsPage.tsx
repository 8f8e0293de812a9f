import { ActionIcon, Badge, Group, Menu, SegmentedControl, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import {
  ORGANIZATION_MESSAGES,
  ORGANIZATION_TYPE_FILTERS,
  type Organization,
  type OrganizationTypeFilter,
  organizationRoutes,
} from "@signet/contract";
import { IconDots, IconPencil, IconPlus, IconSearch } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ApiError, errorMessage } from "../../../api/api-error.ts";
import { api } from "../../../api/client.ts";
import { useSessionUser } from "../../../app/services-context.tsx";
import { openConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { type Column, DataTable } from "../../../components/data-table/DataTable.tsx";
import { usePageState } from "../../../components/data-table/use-page-state.ts";
import { AnchorLink, ButtonLink } from "../../../components/links.tsx";
import { toastError, toastSuccess } from "../../../components/toast.ts";
import { useHasPermission } from "../../../session/permissions.ts";
import { AccessDashboard, gated } from "../AccessDashboard.tsx";
import { accessQueries, refreshAccess } from "../access-queries.ts";
import { formatDate } from "../format.ts";

type SortField = "name" | "createdAt" | "lastUpdatedAt";

const TYPE_LABELS: Record<OrganizationTypeFilter, string> = { ALL: "All", ACTIVE: "Active", INACTIVE: "Inactive" };

/**
 * The organizations list (spec §2 '/'): support users see every organization, others their own; paged
 * by 10, sortable, filtered by type, with add, edit and deactivate/reactivate.
 */
function OrganizationsScreen({ organizationId }: { organizationId: string }) {
  const user = useSessionUser();
  const canManage = useHasPermission("VIEW_MANAGE_ORGANIZATIONS");
  const page = usePageState<SortField>("name");
  const [type, setType] = useState<OrganizationTypeFilter>("ALL");
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const list = useQuery(accessQueries.organizations({ ...page.query, type, search: debouncedSearch || undefined }));
  const supportUser = Boolean(user?.supportUser);

  const columns: Column<Organization, SortField>[] = [
    {
      key: "name",
      label: "Name",
      sortField: "name",
      render: (org) => (
        <Stack gap={2}>
          <Group gap={6} wrap="nowrap">
            <AnchorLink
              to="/organizations/$organizationId/users"
              params={{ organizationId: org.id }}
              fw={600}
              size="sm"
              aria-label={`${org.name}: users, groups and roles`}
            >
              {org.name}
            </AnchorLink>
            {org.eoSupport && (
              <Badge size="xs" variant="light" color="orange">
                Support
              </Badge>
            )}
          </Group>
          {org.description && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {org.description}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: "customerId",
      label: "Customer ID",
      render: (org) => <Text size="sm">{org.customerId ?? "—"}</Text>,
    },
    {
      key: "features",
      label: "Authorized features",
      width: "32%",
      render: (org) => (
        <Text size="sm" c="dark.5">
          {org.authorizedFeatures}
        </Text>
      ),
    },
    {
      key: "status",
      label: "Status",
      render: (org) =>
        org.enabled ? (
          <Badge color="teal" variant="light">
            Active
          </Badge>
        ) : (
          <Tooltip
            label={`Deactivated ${formatDate(org.disabledAt)}${org.disabledByFullName ? ` by ${org.disabledByFullName}` : ""}`}
          >
            <Badge color="gray" variant="light">
              Inactive
            </Badge>
          </Tooltip>
        ),
    },
    { key: "createdAt", label: "Created", sortField: "createdAt", render: (org) => formatDate(org.createdAt) },
    {
      key: "lastUpdatedAt",
      label: "Last updated",
      sortField: "lastUpdatedAt",
      render: (org) => formatDate(org.lastUpdatedAt),
    },
    {
      key: "actions",
      label: "Actions",
      align: "right",
      width: 90,
      render: (org) => <OrganizationActions organization={org} canManage={canManage} supportUser={supportUser} />,
    },
  ];

  return (
    <AccessDashboard
      organizationId={organizationId}
      tab="organizations"
      actions={
        supportUser &&
        canManage && (
          <ButtonLink to="/organizations/new" leftSection={<IconPlus size={16} />}>
            Add organization
          </ButtonLink>
        )
      }
    >
      <DataTable
        label="Organizations"
        columns={columns}
        rows={list.data?.records}
        paging={{ page, count: list.data?.count ?? 0 }}
        loading={list.isFetching}
        rowKey={(org) => org.id}
        empty={debouncedSearch ? "No organization matches your search." : "No organizations."}
        toolbar={
          supportUser && (
            <Group justify="space-between" gap="sm">
              <TextInput
                aria-label="Search organizations"
                placeholder="Search by name"
                leftSection={<IconSearch size={16} />}
                value={search}
                onChange={(event) => {
                  setSearch(event.currentTarget.value);
                  page.restart();
                }}
                w={{ base: "100%", sm: 280 }}
              />
              <SegmentedControl
                aria-label="Organization type"
                value={type}
                onChange={(value) => {
                  setType(value as OrganizationTypeFilter);
                  page.restart();
                }}
                data={ORGANIZATION_TYPE_FILTERS.map((value) => ({ value, label: TYPE_LABELS[value] }))}
              />
            </Group>
          )
        }
      />
    </AccessDashboard>
  );
}

function OrganizationActions({
  organization,
  canManage,
  supportUser,
}: {
  organization: Organization;
  canManage: boolean;
  supportUser: boolean;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mayChangeStatus = supportUser && canManage && !organization.eoSupport;

  const changeStatus = async () => {
    const deactivate = organization.enabled;
    const confirmed = await openConfirmDialog({
      type: deactivate ? "Warning" : "Confirm",
      title: deactivate ? `Deactivate ${organization.name}` : `Reactivate ${organization.name}`,
      message: deactivate
        ? "Users of this organization will be signed out and will not be able to sign in to it until it is reactivated."
        : "Users of this organization will be able to sign in to it again.",
      confirmLabel: deactivate ? "Deactivate" : "Reactivate",
      confirmColor: deactivate ? "red" : undefined,
    });
    if (!confirmed) return;
    try {
      await api(organizationRoutes.updateOrganization, {
        params: { orgId: organization.id },
        body: { version: organization.version, enabled: !deactivate },
      });
      toastSuccess(deactivate ? `${organization.name} deactivated` : `${organization.name} reactivated`);
    } catch (error) {
      if (!(error instanceof ApiError && error.handled)) toastError(errorMessage(error));
    } finally {
      await refreshAccess(queryClient, organization.id);
    }
  };

  if (!canManage) return null;
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label="Edit organization">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Edit ${organization.name}`}
          onClick={() =>
            void navigate({ to: "/organizations/$organizationId/edit", params: { organizationId: organization.id } })
          }
        >
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`More actions for ${organization.name}`}>
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            onClick={() =>
              void navigate({ to: "/organizations/$organizationId/users", params: { organizationId: organization.id } })
            }
          >
            Users, groups and roles
          </Menu.Item>
          <Tooltip
            label={
              organization.eoSupport
                ? ORGANIZATION_MESSAGES.supportOrganizationCannotBeDeactivated
                : ORGANIZATION_MESSAGES.onlySupportMayChangeStatus
            }
            disabled={mayChangeStatus}
            position="left"
          >
            <div>
              <Menu.Item
                color={organization.enabled ? "red" : undefined}
                disabled={!mayChangeStatus}
                onClick={() => void changeStatus()}
              >
                {organization.enabled ? "Deactivate" : "Reactivate"}
              </Menu.Item>
            </div>
          </Tooltip>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

export const OrganizationsPage = gated(OrganizationsScreen);
