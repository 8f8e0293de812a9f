import { createFileRoute } from "@tanstack/react-router";
import { freshPermissions } from "../../../features/access/fresh-permissions.ts";
import { OrganizationFormPage } from "../../../features/access/organizations/OrganizationFormPage.tsx";

export const Route = createFileRoute("/_auth/organizations/new")({
  beforeLoad: freshPermissions,
  component: () => <OrganizationFormPage />,
});
