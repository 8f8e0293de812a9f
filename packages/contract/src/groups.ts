import type { RouteDef } from "./route-def.ts";

export const groupRoutes = {} as const satisfies Record<string, RouteDef>;
