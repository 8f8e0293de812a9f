import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../components/ComingSoon.tsx";

export const Route = createFileRoute("/_support/saml-providers/")({
  component: () => <ComingSoon title="SAML providers" what="The SAML provider list" />,
});
