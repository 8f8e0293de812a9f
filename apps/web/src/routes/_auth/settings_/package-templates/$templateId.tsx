import { createFileRoute } from "@tanstack/react-router";
import { useSessionUser } from "../../../../app/services-context.tsx";
import { TemplateEditorPage } from "../../../../features/templates/TemplateEditorPage.tsx";

export const Route = createFileRoute("/_auth/settings_/package-templates/$templateId")({
  component: TemplateRoute,
});

function TemplateRoute() {
  const { templateId } = Route.useParams();
  const user = useSessionUser();
  return <TemplateEditorPage kind="package" organizationId={user?.organizationId ?? ""} templateId={templateId} />;
}
