import type { AppServices } from "./services.ts";

export interface RouterContext {
  services: AppServices;
}
