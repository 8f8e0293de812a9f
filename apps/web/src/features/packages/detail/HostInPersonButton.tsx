import { Button, Checkbox, Group, Modal, Stack, Text } from "@mantine/core";
import { inPersonAdminRoutes } from "@signet/contract";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../../../api/api-error.ts";
import { api } from "../../../api/client.ts";
import { FormError } from "../../../components/FormError.tsx";

const closeButtonProps = { "aria-label": "Close" };

/**
 * Issue 34 §2a 'Host in-person signing': the member confirms the participant is with them, and the
 * signing room opens on this device for that participant (a single-use link that lives minutes). The
 * room then asks who is signing — a code to the participant, or the member's ID check — before consent.
 */
export function HostInPersonButton({
  organizationId,
  packageId,
  participant,
}: {
  organizationId: string;
  packageId: string;
  participant: { id: string; displayName: string; name: string };
}) {
  const [opened, setOpened] = useState(false);
  const [present, setPresent] = useState(false);
  const who = participant.name || participant.displayName;
  const start = useMutation({
    mutationFn: () =>
      api(inPersonAdminRoutes.startInPersonSigning, {
        params: { orgId: organizationId, packageId, participantId: participant.id },
        body: { participantPresent: true },
        passThrough: true,
      }),
    // the room replaces this page on this device: the participant signs here, with the host beside them
    onSuccess: (link) => window.location.assign(link.signingURL),
  });
  const error = start.error ? errorMessage(start.error) : null;

  function close() {
    setOpened(false);
    setPresent(false);
    start.reset();
  }

  return (
    <>
      <Button
        size="xs"
        variant="light"
        aria-label={`Host in-person signing for ${participant.displayName}`}
        onClick={() => setOpened(true)}
      >
        Host in-person signing
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={`Host in-person signing for ${who}`}
        size="lg"
        centered
        closeButtonProps={closeButtonProps}
      >
        <Stack gap="md">
          <Text size="sm">
            The signing room opens on this device for {who}. Before they consent, you confirm who is signing: a one-time
            code sent to their email or phone, or an ID you check in person. The certificate of completion records that
            you hosted the signing.
          </Text>
          <Checkbox
            checked={present}
            onChange={(event) => setPresent(event.currentTarget.checked)}
            label={`${who} is here with me now`}
          />
          <FormError message={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button disabled={!present} loading={start.isPending} onClick={() => start.mutate()}>
              Open the signing room
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
