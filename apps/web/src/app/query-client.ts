import { QueryClient } from "@tanstack/react-query";

/** The app's one query client; loaded with the first route past sign-in (query-client-slot.ts). */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      // Errors are shown or acted on (error pages) at once; a retry would only hide them.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  // what QueryClientProvider would do on mount: the client lives as long as the page
  client.mount();
  return client;
}
