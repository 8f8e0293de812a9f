import type { LoggedInUser, PublicConfig } from "@signet/contract";
import { createContext, type ReactNode, useContext, useSyncExternalStore } from "react";
import type { AppServices } from "./services.ts";

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext value={services}>{children}</ServicesContext>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error("useServices outside ServicesProvider");
  return services;
}

export function useConfig(): PublicConfig {
  return useServices().config;
}

/** The signed-in user from the payload cookie; re-renders when the cookie changes. */
export function useSessionUser(): LoggedInUser | null {
  const { session } = useServices();
  return useSyncExternalStore(session.subscribe, session.getUser);
}
