import { createFileRoute } from "@tanstack/react-router";
import { useSessionUser } from "../../../../../app/services-context.tsx";
import { WebhookDeliveriesPage } from "../../../../../features/settings/webhooks/WebhookDeliveriesPage.tsx";
import { webhookLogSearchSchema } from "../../../../../features/settings/webhooks/webhook-search.ts";

export const Route = createFileRoute("/_auth/settings_/webhooks/$webhookId/deliveries")({
  validateSearch: webhookLogSearchSchema,
  component: WebhookDeliveriesRoute,
});

function WebhookDeliveriesRoute() {
  const user = useSessionUser();
  const { webhookId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <WebhookDeliveriesPage
      organizationId={user?.organizationId ?? ""}
      webhookId={webhookId}
      search={search}
      onSearch={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
