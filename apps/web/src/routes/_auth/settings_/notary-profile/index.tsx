import { createFileRoute } from "@tanstack/react-router";
import { useSessionUser } from "../../../../app/services-context.tsx";
import { NotaryProfilePage } from "../../../../features/notarization/NotaryProfilePage.tsx";

// Issue 34 §4: beside the Settings tabs (settings_), open to every member (a notary keeps their own).
export const Route = createFileRoute("/_auth/settings_/notary-profile/")({
  component: NotaryProfileRoute,
});

function NotaryProfileRoute() {
  const user = useSessionUser();
  return <NotaryProfilePage organizationId={user?.organizationId ?? ""} userId={user?.uid ?? ""} />;
}
