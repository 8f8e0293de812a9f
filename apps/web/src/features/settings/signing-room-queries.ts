import { signingAdminRoutes } from "@signet/contract";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { api } from "../../api/client.ts";

// Query keys and fetchers of the signing-room settings (issue 5): the settings, the custom consent
// versions and the seal certificate, all under ["signing-room", orgId].

export const signingRoomQueries = {
  /** also read by the participant form (the default ID verification): a refusal stays on the form */
  settings: (orgId: string) =>
    queryOptions({
      queryKey: ["signing-room", orgId, "settings"],
      queryFn: ({ signal }) =>
        api(signingAdminRoutes.getSigningRoomSettings, { params: { orgId }, signal, passThrough: true }),
      staleTime: 60_000,
      retry: false,
    }),
  customConsents: (orgId: string) =>
    queryOptions({
      queryKey: ["signing-room", orgId, "custom-consents"],
      queryFn: ({ signal }) => api(signingAdminRoutes.listCustomConsents, { params: { orgId }, signal }),
    }),
  sealCertificate: (orgId: string) =>
    queryOptions({
      queryKey: ["signing-room", orgId, "seal-certificate"],
      queryFn: ({ signal }) => api(signingAdminRoutes.getSealCertificate, { params: { orgId }, signal }),
    }),
};

export function invalidateSigningRoom(client: QueryClient, orgId: string) {
  return client.invalidateQueries({ queryKey: ["signing-room", orgId] });
}
