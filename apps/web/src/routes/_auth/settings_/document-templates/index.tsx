import { createFileRoute } from "@tanstack/react-router";
import { useSessionUser } from "../../../../app/services-context.tsx";
import { TemplatesPage } from "../../../../features/templates/TemplatesPage.tsx";

export const Route = createFileRoute("/_auth/settings_/document-templates/")({
  component: () => <TemplatesPage kind="document" organizationId={useSessionUser()?.organizationId ?? ""} />,
});
