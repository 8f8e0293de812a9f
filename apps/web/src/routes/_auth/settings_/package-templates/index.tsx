import { createFileRoute } from "@tanstack/react-router";
import { useSessionUser } from "../../../../app/services-context.tsx";
import { TemplatesPage } from "../../../../features/templates/TemplatesPage.tsx";

export const Route = createFileRoute("/_auth/settings_/package-templates/")({
  component: () => <TemplatesPage kind="package" organizationId={useSessionUser()?.organizationId ?? ""} />,
});
