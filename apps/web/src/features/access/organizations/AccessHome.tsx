import { Navigate } from "@tanstack/react-router";
import { useSessionUser } from "../../../app/services-context.tsx";
import { Spinner } from "../../../components/Spinner.tsx";
import { usePermissionBits } from "../../../session/permissions.ts";
import { AccessGate, useSeesOrganizationsTab } from "../AccessDashboard.tsx";
import { OrganizationsPage } from "./OrganizationsPage.tsx";

/**
 * The Access control menu item (/organizations): the organizations list for those who see it,
 * otherwise the first tab everyone has, Users.
 */
export function AccessHome() {
  const user = useSessionUser();
  const bits = usePermissionBits();
  const seesOrganizations = useSeesOrganizationsTab();
  const organizationId = user?.organizationId;
  if (!organizationId || bits === null) return <Spinner />;
  if (seesOrganizations) return <OrganizationsPage organizationId={organizationId} />;
  return (
    <AccessGate>
      <Navigate to="/organizations/$organizationId/users" params={{ organizationId }} replace />
    </AccessGate>
  );
}
