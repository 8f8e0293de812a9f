import { Alert, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { packageActionRoutes } from "@signet/contract";
import { IconInfoCircle } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { useSessionUser } from "../../app/services-context.tsx";
import { CopyField } from "../../components/CopyField.tsx";
import { FormError } from "../../components/FormError.tsx";
import { Page } from "../../components/Page.tsx";
import { useHasPermission, usePermissionsQuery } from "../../session/permissions.ts";
import { PackagePicker } from "./demo-pickers.tsx";

/**
 * Package collaboration demo: a signed link that opens a package for collaboration in the signing
 * room (valid for an hour), shown in a frame as a collaborator would see it.
 */
export function PackageCollaborationDemoPage() {
  const user = useSessionUser();
  const organizationId = user?.organizationId ?? "";
  const features = usePermissionsQuery().data?.organization;
  const canManage = useHasPermission("MANAGE_DOCUMENTS_PACKAGES");
  const [packageId, setPackageId] = useState<string | null>(null);
  const [link, setLink] = useState<{ url: string; key: number } | null>(null);
  const collaboration = useMutation({
    mutationFn: (id: string) =>
      api(packageActionRoutes.createCollaboration, {
        params: { orgId: organizationId, packageId: id },
        passThrough: true,
      }),
    onError: () => setLink(null),
    onSuccess: ({ collaborationURL }) =>
      setLink((current) => ({ url: collaborationURL, key: (current?.key ?? 0) + 1 })),
  });
  const busy = collaboration.isPending;
  const error = collaboration.error ? errorMessage(collaboration.error) : null;

  return (
    <Page
      title="Package collaboration demo"
      description="Share a package with an outside collaborator through a signed, expiring link."
    >
      <Alert variant="light" color="indigo" icon={<IconInfoCircle size={18} />}>
        <Text size="sm">
          Collaboration must be allowed for the organization (Settings → Packages) and switched on for the package (its
          invitation step). The link opens the package, its documents and where each participant is, in the signing
          room; it expires in 1 hour.
        </Text>
      </Alert>
      {features && !features.enabledPkgCollaboration && (
        <Alert color="orange" variant="light" role="alert">
          Package collaboration is not enabled for this organization.
        </Alert>
      )}

      <Paper withBorder p="lg">
        <Stack gap="md">
          <PackagePicker
            organizationId={organizationId}
            value={packageId}
            onChange={(value) => {
              setPackageId(value);
              collaboration.reset();
              setLink(null);
            }}
          />
          <FormError message={error} />
          <Group>
            <Button
              onClick={() => packageId && collaboration.mutate(packageId)}
              loading={busy}
              disabled={!canManage || !packageId}
            >
              Create collaboration link
            </Button>
          </Group>
          {link && (
            <CopyField
              label="Collaboration link"
              value={link.url}
              description="Expires in 1 hour"
              copyLabel="Copy link"
            />
          )}
        </Stack>
      </Paper>

      {link && (
        <iframe
          key={link.key}
          title="Package collaboration"
          src={link.url}
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads"
          style={{
            width: "100%",
            height: "80vh",
            border: "1px solid var(--mantine-color-gray-4)",
            borderRadius: 8,
            background: "white",
          }}
        />
      )}
    </Page>
  );
}
