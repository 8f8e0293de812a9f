import { createFileRoute } from "@tanstack/react-router";
import { freshPermissions } from "../../../features/access/fresh-permissions.ts";
import { AccessHome } from "../../../features/access/organizations/AccessHome.tsx";

/** Spec §2: the access-control dashboard (organizations alone as prefix: the signed-in organization). */
export const Route = createFileRoute("/_auth/organizations/")({
  beforeLoad: freshPermissions,
  component: AccessHome,
});
