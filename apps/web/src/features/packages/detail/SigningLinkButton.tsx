import { Anchor, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { type SigningUrl, signingAdminRoutes } from "@signet/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../../../api/api-error.ts";
import { api } from "../../../api/client.ts";
import { CopyField } from "../../../components/CopyField.tsx";
import { FormError } from "../../../components/FormError.tsx";
import { Spinner } from "../../../components/Spinner.tsx";
import { formatDateTime } from "../../access/format.ts";
import { invalidatePackage } from "../package-queries.ts";
import { expiresInText } from "../signing-format.ts";

/**
 * 'Get signing link' (issue 5 §1, §3): a single-use signing URL for an API participant, or for
 * signing in person, shown in a dialog with its expiry. Nothing is sent to the participant.
 */
export function SigningLinkButton({
  organizationId,
  packageId,
  participant,
  disabled,
}: {
  organizationId: string;
  packageId: string;
  participant: { id: string; displayName: string };
  disabled?: boolean;
}) {
  const client = useQueryClient();
  const [opened, setOpened] = useState(false);
  const creation = useMutation({
    mutationFn: () =>
      api(signingAdminRoutes.createSigningUrl, {
        params: { orgId: organizationId, packageId, participantId: participant.id },
        body: {},
        passThrough: true,
      }),
    // the participant is now Invited; the link shows without waiting for the package to reload
    onSettled: () => void invalidatePackage(client, organizationId, packageId),
  });
  const busy = creation.isPending;
  const link: SigningUrl | undefined = creation.data;
  const error = creation.error ? errorMessage(creation.error) : null;

  function create() {
    setOpened(true);
    creation.mutate();
  }

  return (
    <>
      <Button
        size="xs"
        variant="default"
        disabled={disabled}
        aria-label={`Get signing link for ${participant.displayName}`}
        onClick={create}
      >
        Get signing link
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Signing link for ${participant.displayName}`}
        size="lg"
        centered
      >
        <Stack gap="md">
          {busy && <Spinner py="md" />}
          <FormError message={error} />
          {link && (
            <>
              <Text size="sm">
                Open this link on the signing device for in-person signing, or hand it to the participant's application.
                It works once; nothing is sent to the participant.
              </Text>
              <CopyField
                label="Signing link"
                value={link.signingURL}
                copyLabel="Copy link"
                description={`Expires ${formatDateTime(link.expiresAt)} (${expiresInText(link.expiresAt)})`}
              />
              <Group justify="space-between">
                <Anchor href={link.signingURL} target="_blank" rel="noopener noreferrer" size="sm">
                  Open the signing room in a new tab
                </Anchor>
                <Button variant="default" onClick={() => setOpened(false)}>
                  Close
                </Button>
              </Group>
            </>
          )}
          {error && (
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                Close
              </Button>
            </Group>
          )}
        </Stack>
      </Modal>
    </>
  );
}
