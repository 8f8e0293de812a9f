import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../components/ComingSoon.tsx";

export const Route = createFileRoute("/_auth/embedded-signing-demo")({
  component: () => <ComingSoon title="Embedded Signing Demo" what="The embedded signing demo" />,
});
