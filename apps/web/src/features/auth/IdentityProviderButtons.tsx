import { Button, Divider, Stack, Text } from "@mantine/core";
import { identityProviderRoutes, samlProviderRoutes } from "@signet/contract";
import { IconShieldLock } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "../../api/client.ts";

/** Where a browser starts a sign-in through one provider (the API redirects it on to the provider). */
export function oidcStartUrl(organizationId: string, providerId: string, returnUrl?: string) {
  const path = `/api/v1/organizations/${encodeURIComponent(organizationId)}/oauth-providers/${encodeURIComponent(providerId)}/sign-in`;
  return returnUrl ? `${path}?returnUrl=${encodeURIComponent(returnUrl)}` : path;
}

/** Where a browser starts a sign-in through a SAML provider (the API redirects it on with an AuthnRequest). */
export function samlStartUrl(organizationId: string, samlProviderId: string, returnUrl?: string) {
  const path = `/api/v1/organizations/${encodeURIComponent(organizationId)}/saml-providers/${encodeURIComponent(samlProviderId)}/sign-in`;
  return returnUrl ? `${path}?returnUrl=${encodeURIComponent(returnUrl)}` : path;
}

/**
 * Issue 12 §2: "Sign in with …" for the organization named in the sign-in address (?org=<id>);
 * ?provider=default (or a provider's id) goes straight on to that provider. The list is public by
 * organization id and says nothing about people.
 */
export function IdentityProviderButtons({
  organizationId,
  provider,
  returnUrl,
}: {
  organizationId: string;
  provider?: string | undefined;
  returnUrl?: string | undefined;
}) {
  const list = useQuery({
    queryKey: ["sign-in-providers", organizationId],
    queryFn: ({ signal }) =>
      api(identityProviderRoutes.listSignInProviders, { params: { orgId: organizationId }, signal }),
    retry: false,
  });
  // issue 12 §3: the SAML providers the organization uses are offered the same way
  const saml = useQuery({
    queryKey: ["saml-sign-in-providers", organizationId],
    queryFn: ({ signal }) =>
      api(samlProviderRoutes.listSamlSignInProviders, { params: { orgId: organizationId }, signal }),
    retry: false,
  });
  const records = list.data?.records ?? [];
  const samlRecords = saml.data?.records ?? [];
  const chosen = provider
    ? records.find((record) => (provider === "default" ? record.isDefault : record.id === provider))
    : undefined;
  useEffect(() => {
    if (chosen) window.location.assign(oidcStartUrl(organizationId, chosen.id, returnUrl));
  }, [chosen, organizationId, returnUrl]);

  if (records.length === 0 && samlRecords.length === 0) return null;
  return (
    <Stack gap="sm">
      {chosen && (
        <Text size="sm" role="status">
          Taking you to {chosen.name}…
        </Text>
      )}
      {records.map((record) => (
        <Button
          key={record.id}
          component="a"
          href={oidcStartUrl(organizationId, record.id, returnUrl)}
          variant="default"
          fullWidth
          leftSection={<IconShieldLock size={18} />}
        >
          Sign in with {record.name}
        </Button>
      ))}
      {samlRecords.map((record) => (
        <Button
          key={record.id}
          component="a"
          href={samlStartUrl(organizationId, record.id, returnUrl)}
          variant="default"
          fullWidth
          leftSection={<IconShieldLock size={18} />}
        >
          Sign in with {record.name}
        </Button>
      ))}
      <Divider label="or with your password" labelPosition="center" />
    </Stack>
  );
}
