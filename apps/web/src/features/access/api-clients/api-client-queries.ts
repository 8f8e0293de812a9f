import { apiClientRoutes } from "@signet/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../api/client.ts";

// Under ["access", orgId] like every access-control list, so refreshAccess refreshes them too.
export const apiClientQueries = {
  apiUsers: (orgId: string) =>
    queryOptions({
      queryKey: ["access", orgId, "api-users"],
      queryFn: ({ signal }) => api(apiClientRoutes.listApiUsers, { params: { orgId }, signal }),
    }),
  apiClients: (orgId: string, apiUserId: string) =>
    queryOptions({
      queryKey: ["access", orgId, "api-users", apiUserId, "api-clients"],
      queryFn: ({ signal }) => api(apiClientRoutes.listApiClients, { params: { orgId, apiUserId }, signal }),
    }),
};
