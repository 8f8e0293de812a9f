import { createFileRoute, Outlet } from "@tanstack/react-router";
import { guard } from "../app/guard.ts";

/** Pathless layout: every route below needs a full sign-in (spec §2 Guards). */
export const Route = createFileRoute("/_auth")({
  beforeLoad: guard("auth"),
  component: Outlet,
});
