import type { RouteDef } from "./route-def.ts";

export const invitationRoutes = {} as const satisfies Record<string, RouteDef>;
