import type { RouteDef } from "./route-def.ts";

export const userRoutes = {} as const satisfies Record<string, RouteDef>;
