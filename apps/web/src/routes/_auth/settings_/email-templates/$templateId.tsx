import { createFileRoute } from "@tanstack/react-router";
import { useSessionUser } from "../../../../app/services-context.tsx";
import { EmailTemplateEditorPage } from "../../../../features/settings/email-templates/EmailTemplateEditorPage.tsx";

export const Route = createFileRoute("/_auth/settings_/email-templates/$templateId")({
  component: EmailTemplateRoute,
});

function EmailTemplateRoute() {
  const { templateId } = Route.useParams();
  const user = useSessionUser();
  return <EmailTemplateEditorPage organizationId={user?.organizationId ?? ""} templateId={templateId} />;
}
