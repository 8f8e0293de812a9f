import { createFileRoute } from "@tanstack/react-router";
import { TemplatesPage } from "../../../../features/templates/TemplatesPage.tsx";
import { useTemplateOrganization } from "../../../../features/templates/template-kinds.ts";
import { templateSearchSchema } from "../../../../features/templates/template-search.ts";

export const Route = createFileRoute("/_auth/settings_/document-templates/")({
  validateSearch: templateSearchSchema,
  component: TemplatesRoute,
});

function TemplatesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { organizationId, other } = useTemplateOrganization(search.org);
  return (
    <TemplatesPage
      kind="document"
      organizationId={organizationId}
      other={other}
      search={search}
      onSearch={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
