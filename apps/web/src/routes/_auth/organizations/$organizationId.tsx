import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";
import { isUuid } from "../../../app/search.ts";
import { freshPermissions } from "../../../features/access/fresh-permissions.ts";

/**
 * Spec §2: organization administration paths have the prefix organizations/{organizationId}, or
 * organizations alone for the signed-in organization: /organizations/users → /organizations/{oid}/users.
 */
export const Route = createFileRoute("/_auth/organizations/$organizationId")({
  beforeLoad: async ({ params, context, location }) => {
    if (!isUuid(params.organizationId)) {
      const organizationId = context.services.session.getUser()?.organizationId;
      if (!organizationId) return;
      const rest = location.pathname.slice("/organizations/".length);
      throw redirect({ href: `/organizations/${organizationId}/${rest}${location.searchStr}`, replace: true });
    }
    await freshPermissions({ context });
  },
  component: Outlet,
});
