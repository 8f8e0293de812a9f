import { createFileRoute } from "@tanstack/react-router";
import { useSessionUser } from "../../../../app/services-context.tsx";
import { EmailTemplatesPage } from "../../../../features/settings/email-templates/EmailTemplatesPage.tsx";

// settings_ keeps these pages out of the Settings page's layout while their address stays under /settings.
export const Route = createFileRoute("/_auth/settings_/email-templates/")({
  component: () => <EmailTemplatesPage organizationId={useSessionUser()?.organizationId ?? ""} />,
});
