import { createRootRouteWithContext } from "@tanstack/react-router";
import { queryClientSlot } from "../app/query-client-slot.ts";
import type { RouterContext } from "../app/router-context.ts";
import { NotFoundRedirect } from "../layout/NotFoundRedirect.tsx";
import { RootLayout } from "../layout/RootLayout.tsx";

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every page but sign-in may query: the client loads before the first of them (query-client-slot.ts).
  beforeLoad: async ({ location }) => {
    if (location.pathname !== "/sign-in") await queryClientSlot.load();
  },
  component: RootLayout,
  notFoundComponent: NotFoundRedirect,
});
