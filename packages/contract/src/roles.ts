import type { RouteDef } from "./route-def.ts";

export const roleRoutes = {} as const satisfies Record<string, RouteDef>;
