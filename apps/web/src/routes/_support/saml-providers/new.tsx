import { createFileRoute } from "@tanstack/react-router";
import { SamlProviderEditor } from "../../../features/saml/SamlProviderEditor.tsx";

export const Route = createFileRoute("/_support/saml-providers/new")({
  component: () => <SamlProviderEditor />,
});
