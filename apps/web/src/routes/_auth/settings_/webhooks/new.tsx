import { createFileRoute } from "@tanstack/react-router";
import { useSessionUser } from "../../../../app/services-context.tsx";
import { WebhookFormPage } from "../../../../features/settings/webhooks/WebhookFormPage.tsx";

export const Route = createFileRoute("/_auth/settings_/webhooks/new")({ component: NewWebhookRoute });

function NewWebhookRoute() {
  const user = useSessionUser();
  return <WebhookFormPage organizationId={user?.organizationId ?? ""} />;
}
