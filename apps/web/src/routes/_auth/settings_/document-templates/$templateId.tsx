import { createFileRoute } from "@tanstack/react-router";
import { TemplateEditorPage } from "../../../../features/templates/TemplateEditorPage.tsx";
import { useTemplateOrganization } from "../../../../features/templates/template-kinds.ts";
import { templateSearchSchema } from "../../../../features/templates/template-search.ts";

export const Route = createFileRoute("/_auth/settings_/document-templates/$templateId")({
  validateSearch: templateSearchSchema,
  component: TemplateRoute,
});

function TemplateRoute() {
  const { templateId } = Route.useParams();
  const { organizationId, other } = useTemplateOrganization(Route.useSearch().org);
  return <TemplateEditorPage kind="document" organizationId={organizationId} other={other} templateId={templateId} />;
}
