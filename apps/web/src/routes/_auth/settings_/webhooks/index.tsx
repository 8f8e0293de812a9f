import { createFileRoute } from "@tanstack/react-router";
import { useSessionUser } from "../../../../app/services-context.tsx";
import { WebhooksPage } from "../../../../features/settings/webhooks/WebhooksPage.tsx";
import { webhookListSearchSchema } from "../../../../features/settings/webhooks/webhook-search.ts";

// settings_ keeps these pages out of the Settings page's layout (it has tabs, no outlet) while
// their address stays under /settings.
export const Route = createFileRoute("/_auth/settings_/webhooks/")({
  validateSearch: webhookListSearchSchema,
  component: WebhooksRoute,
});

function WebhooksRoute() {
  const user = useSessionUser();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <WebhooksPage
      organizationId={user?.organizationId ?? ""}
      search={search}
      onSearch={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
