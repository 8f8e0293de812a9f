import { createFileRoute } from "@tanstack/react-router";
import { SamlProviderEditor } from "../../../features/saml/SamlProviderEditor.tsx";

export const Route = createFileRoute("/_support/saml-providers/$samlProviderId")({
  component: SamlProviderPage,
});

function SamlProviderPage() {
  const { samlProviderId } = Route.useParams();
  return <SamlProviderEditor samlProviderId={samlProviderId} />;
}
