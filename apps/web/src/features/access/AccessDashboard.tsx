import { Badge, Group, Tabs, Text } from "@mantine/core";
import { hasPermission } from "@signet/contract";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import type { ComponentType, ReactNode } from "react";
import { useSessionUser } from "../../app/services-context.tsx";
import { Page } from "../../components/Page.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { usePermissionBits } from "../../session/permissions.ts";
import { RefusalPage } from "../system/RefusalPage.tsx";
import { accessQueries } from "./access-queries.ts";

export type AccessTab = "organizations" | "users" | "groups" | "roles" | "api-clients";

/** Who sees the Organizations tab: support users (every organization) and organization managers (their own). */
export function useSeesOrganizationsTab(): boolean {
  const user = useSessionUser();
  const bits = usePermissionBits();
  return Boolean(user?.supportUser) || (bits !== null && hasPermission(bits, "VIEW_MANAGE_ORGANIZATIONS"));
}

/**
 * Spec §2 'organizations: access-control dashboard': one page frame with the tabs Users, Groups and
 * Roles (and Organizations for support users), for the organization in the path.
 */
export function AccessDashboard({
  organizationId,
  tab,
  actions,
  children,
}: {
  organizationId: string;
  tab: AccessTab;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const user = useSessionUser();
  const seesOrganizations = useSeesOrganizationsTab();
  const tabs: { value: AccessTab; label: string; to: string }[] = [
    ...(seesOrganizations
      ? [
          {
            value: "organizations" as const,
            label: user?.supportUser ? "Organizations" : "Organization",
            to: `/organizations/${organizationId}`,
          },
        ]
      : []),
    { value: "users", label: "Users", to: `/organizations/${organizationId}/users` },
    { value: "groups", label: "Groups", to: `/organizations/${organizationId}/groups` },
    { value: "roles", label: "Roles", to: `/organizations/${organizationId}/roles` },
    { value: "api-clients", label: "API clients", to: `/organizations/${organizationId}/api-clients` },
  ];

  return (
    <Page
      title="Access control"
      description={<OrganizationContext organizationId={organizationId} />}
      actions={actions}
    >
      <Tabs
        value={tab}
        onChange={(value) => {
          const target = tabs.find((t) => t.value === value);
          if (target) void navigate({ href: target.to });
        }}
      >
        <Tabs.List aria-label="Access control">
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {children}
    </Page>
  );
}

/** The organization the screens act on; support users see when it is not their own. */
function OrganizationContext({ organizationId }: { organizationId: string }) {
  const user = useSessionUser();
  const organization = useQuery(accessQueries.organization(organizationId));
  const name = organization.data?.name ?? (organizationId === user?.organizationId ? user.organizationName : null);
  if (!name) return <>Users, groups and roles.</>;
  return (
    <Group gap="xs" component="span" wrap="wrap">
      <Text span inherit>
        Users, groups and roles of{" "}
        <Text span fw={600} c="dark.7" inherit>
          {name}
        </Text>
      </Text>
      {organization.data && !organization.data.enabled && (
        <Badge component="span" color="gray" variant="light">
          Inactive
        </Badge>
      )}
      {user?.supportUser && organizationId !== user.organizationId && (
        <Badge component="span" color="orange" variant="light">
          Support access
        </Badge>
      )}
    </Group>
  );
}

/**
 * Spec §6: the area needs VIEW_USERS_GROUPS_ROLES; without it nothing is asked of the server (a page's
 * queries run only inside the gate: see `gated`).
 */
export function AccessGate({ children }: { children: ReactNode }) {
  const bits = usePermissionBits();
  if (bits === null) return <Spinner />;
  if (!hasPermission(bits, "VIEW_USERS_GROUPS_ROLES")) return <NoAccess />;
  return <>{children}</>;
}

export function NoAccess() {
  return <RefusalPage area="Access control" reason={{ permission: "VIEW_USERS_GROUPS_ROLES" }} />;
}

/** A page whose hooks (and server calls) run only once the gate lets the user in. */
export function gated<P extends object>(Screen: ComponentType<P>) {
  return function GatedPage(props: P) {
    return (
      <AccessGate>
        <Screen {...props} />
      </AccessGate>
    );
  };
}
