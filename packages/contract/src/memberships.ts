import type { RouteDef } from "./route-def.ts";

export const membershipRoutes = {} as const satisfies Record<string, RouteDef>;
