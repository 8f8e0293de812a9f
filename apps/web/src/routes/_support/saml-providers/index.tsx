import { createFileRoute } from "@tanstack/react-router";
import { SamlProvidersPage } from "../../../features/saml/SamlProvidersPage.tsx";

export const Route = createFileRoute("/_support/saml-providers/")({
  component: SamlProvidersPage,
});
