import type { RouterContext } from "../../app/router-context.ts";

/**
 * A `beforeLoad` of the access-control routes: re-reads the signed-in user's permissions before the
 * page renders (the shared query keeps them for minutes), so a role granted or taken away shows at
 * the next navigation here — menus included — and a page never asks the server for what the user
 * may no longer see. The current page stays up while this runs.
 */
export async function freshPermissions({ context }: { context: RouterContext }): Promise<void> {
  await context.services.queryClient.refetchQueries({ queryKey: ["permissions"], type: "active" });
}
