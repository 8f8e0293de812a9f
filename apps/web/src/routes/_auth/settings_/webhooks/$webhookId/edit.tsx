import { createFileRoute } from "@tanstack/react-router";
import { useSessionUser } from "../../../../../app/services-context.tsx";
import { WebhookFormPage } from "../../../../../features/settings/webhooks/WebhookFormPage.tsx";

export const Route = createFileRoute("/_auth/settings_/webhooks/$webhookId/edit")({ component: EditWebhookRoute });

function EditWebhookRoute() {
  const user = useSessionUser();
  const { webhookId } = Route.useParams();
  return <WebhookFormPage organizationId={user?.organizationId ?? ""} webhookId={webhookId} />;
}
