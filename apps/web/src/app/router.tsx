import { createRouter } from "@tanstack/react-router";
import { configureApiClient } from "../api/client.ts";
import { Spinner } from "../components/Spinner.tsx";
import { NotFoundRedirect } from "../layout/NotFoundRedirect.tsx";
import { RouteError } from "../layout/RouteError.tsx";
import { routeTree } from "../routeTree.gen.ts";
import type { AppServices } from "./services.ts";

export function createAppRouter(services: AppServices) {
  const router = createRouter({
    routeTree,
    context: { services },
    defaultPreload: "intent",
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: () => <Spinner />,
    defaultNotFoundComponent: NotFoundRedirect,
    // a page that fails keeps the header and says why in words (a lost connection retries by itself)
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
  });

  // Spec §8: error pages for 500/503, the refusal page for 403, unauthorized for 401, with the trace id.
  configureApiClient({
    onErrorAction: (action, error) => {
      const current = router.state.location;
      if (current.pathname === action.to) return;
      switch (action.to) {
        case "/systemError":
        case "/serviceError":
        case "/forbidden":
          void router.navigate({ to: action.to, search: { traceId: error.traceId ?? undefined } });
          return;
        case "/unauthorized":
          void router.navigate({ to: "/unauthorized" });
          return;
        case "/change-password":
        case "/select-organization":
        case "/mfa-enrolment":
          void router.navigate({ to: action.to, search: { returnUrl: current.href } });
          return;
      }
    },
  });
  return router;
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
