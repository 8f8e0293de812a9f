import type { RouteDef } from "./route-def.ts";

export const organizationRoutes = {} as const satisfies Record<string, RouteDef>;
