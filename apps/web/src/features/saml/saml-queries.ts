import { certificateExpiry, type SamlCertificate, samlProviderRoutes } from "@signet/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../api/client.ts";

export const samlQueries = {
  list: () =>
    queryOptions({
      queryKey: ["saml-providers", "list"],
      queryFn: ({ signal }) => api(samlProviderRoutes.listSamlProviders, { signal }),
    }),
  one: (samlProviderId: string) =>
    queryOptions({
      queryKey: ["saml-providers", "one", samlProviderId],
      queryFn: ({ signal }) => api(samlProviderRoutes.getSamlProvider, { params: { samlProviderId }, signal }),
    }),
  serviceProvider: () =>
    queryOptions({
      queryKey: ["saml-providers", "service-provider"],
      queryFn: ({ signal }) => api(samlProviderRoutes.getSamlServiceProvider, { signal }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

const DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** A certificate's end in words, with the colour of its badge: warned about before sign-ins start failing. */
export function certificateBadge(certificate: Pick<SamlCertificate, "validTo">): { label: string; color: string } {
  const state = certificateExpiry(certificate.validTo);
  const date = DATE.format(new Date(certificate.validTo));
  if (state === "expired") return { label: `Expired ${date}`, color: "red" };
  if (state === "expiring") return { label: `Expires ${date}`, color: "orange" };
  return { label: `Valid until ${date}`, color: "teal" };
}

/** The certificate that ends first decides the provider's warning. */
export function soonestCertificate<C extends Pick<SamlCertificate, "validTo">>(certificates: C[]): C | undefined {
  return [...certificates].sort((a, b) => new Date(a.validTo).getTime() - new Date(b.validTo).getTime())[0];
}
