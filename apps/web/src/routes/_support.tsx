import { createFileRoute, Outlet } from "@tanstack/react-router";
import { guard } from "../app/guard.ts";

/** Pathless layout: SAML routes also need a support user (spec §2 Guards). */
export const Route = createFileRoute("/_support")({
  beforeLoad: guard("support"),
  component: Outlet,
});
