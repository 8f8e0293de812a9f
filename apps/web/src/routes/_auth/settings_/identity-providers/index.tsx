import { createFileRoute } from "@tanstack/react-router";
import { useSessionUser } from "../../../../app/services-context.tsx";
import { IdentityProvidersPage } from "../../../../features/settings/identity-providers/IdentityProvidersPage.tsx";

// Beside the Settings tabs (settings_), like the webhook pages, with its address under /settings.
export const Route = createFileRoute("/_auth/settings_/identity-providers/")({
  component: IdentityProvidersRoute,
});

function IdentityProvidersRoute() {
  const user = useSessionUser();
  return <IdentityProvidersPage organizationId={user?.organizationId ?? ""} />;
}
