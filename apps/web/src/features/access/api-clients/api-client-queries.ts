import { routes } from "@signet/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../api/client.ts";

// Under ["access", orgId] like every access-control list, so refreshAccess refreshes them too.
export const apiClientQueries = {
  apiUsers: (orgId: string) =>
    queryOptions({
      queryKey: ["access", orgId, "api-users"],
      queryFn: ({ signal }) => api(routes.listApiUsers, { params: { orgId }, signal }),
    }),
  apiClients: (orgId: string, apiUserId: string) =>
    queryOptions({
      queryKey: ["access", orgId, "api-users", apiUserId, "api-clients"],
      queryFn: ({ signal }) => api(routes.listApiClients, { params: { orgId, apiUserId }, signal }),
    }),
};
