import { createRootRouteWithContext } from "@tanstack/react-router";
import type { RouterContext } from "../app/router-context.ts";
import { NotFoundRedirect } from "../layout/NotFoundRedirect.tsx";
import { RootLayout } from "../layout/RootLayout.tsx";

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundRedirect,
});
