import { z } from "zod";
import { ID } from "./ids.ts";
import { packageListQuerySchema, packageListSchema } from "./packages.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";

// Spec §7 'group packages' (issue 13 §7): the packages shared with one group, filtered, sorted and
// paged as the package list, limited to the packages the caller sees.

export const groupPackagesQuerySchema = packageListQuerySchema
  .omit({ groupId: true })
  .describe("Filters, paging and sort of a group's packages");
export type GroupPackagesQuery = z.infer<typeof groupPackagesQuerySchema>;

export const groupPackageRoutes = {
  listGroupPackages: define({
    method: "GET",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/groups/:groupId/packages",
    auth: "user",
    permission: ["VIEW_DOCUMENTS_PACKAGES"],
    summary: "Packages shared with the group that the caller sees, filtered and paged as the package list",
    tags: ["groups"],
    params: z.object({ orgId: ID.orgId, groupId: ID.groupId }),
    query: groupPackagesQuerySchema,
    response: packageListSchema,
    status: 200,
  }),
} as const satisfies Record<string, RouteDef>;
