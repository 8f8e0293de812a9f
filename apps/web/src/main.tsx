import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { MantineProvider } from "@mantine/core";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { api } from "./api/client.ts";
import { entryRoutes } from "./api/entry-routes.ts";
import { bustFrame } from "./app/frame-bust.ts";
import { QueryClientHost } from "./app/QueryClientHost.tsx";
import { queryClientSlot } from "./app/query-client-slot.ts";
import { createAppRouter } from "./app/router.tsx";
import { StartupError } from "./app/StartupError.tsx";
import { createServices } from "./app/services.ts";
import { ServicesProvider } from "./app/services-context.tsx";
import { cssVariablesResolver, theme } from "./app/theme.ts";
import { ModalsHost } from "./components/ModalsHost.tsx";
import { NotificationsHost } from "./components/NotificationsHost.tsx";

async function start(): Promise<void> {
  if (bustFrame()) return;
  const root = createRoot(document.getElementById("root")!);

  let config: Awaited<ReturnType<typeof api<typeof entryRoutes.publicConfig>>>;
  try {
    // Footer, session timers and cookie names come from the server before any route renders.
    config = await api(entryRoutes.publicConfig, { passThrough: true, activity: false });
  } catch {
    root.render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <StartupError />
      </MantineProvider>,
    );
    return;
  }

  const services = createServices(config);
  const router = createAppRouter(services);
  root.render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <ServicesProvider services={services}>
          <QueryClientHost slot={queryClientSlot}>
            <ModalsHost />
            <NotificationsHost />
            <RouterProvider router={router} />
          </QueryClientHost>
        </ServicesProvider>
      </MantineProvider>
    </StrictMode>,
  );
}

void start();
