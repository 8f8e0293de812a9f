import { api } from "../api/client.ts";
import { entryRoutes } from "../api/entry-routes.ts";
import { queryClientSlot } from "../app/query-client-slot.ts";
import type { AppServices } from "../app/services.ts";

/**
 * Signs out: the server revokes the token and clears the cookies; errors are ignored (the token may
 * already be gone) and the readable cookies are cleared locally in case the server could not.
 */
export async function endSession(services: AppServices): Promise<void> {
  await api(entryRoutes.logout, { activity: false }).catch(() => undefined);
  services.session.clearReadableCookies();
  // not loaded yet: nothing cached to forget
  queryClientSlot.current()?.clear();
}
