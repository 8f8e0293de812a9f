import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { SESSION_EXPIRY_TEXTS } from "@signet/contract";
import { IconClock } from "@tabler/icons-react";

/** Spec §2 session expiry: the countdown before an idle session ends, with its two ways out. */
export function SessionExpiryDialog({
  countdown,
  onLogOut,
  onStay,
}: {
  countdown: string;
  onLogOut: () => void;
  onStay: () => void;
}) {
  return (
    <Modal
      opened
      onClose={() => {}}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      zIndex={1000}
      title={SESSION_EXPIRY_TEXTS.title}
      overlayProps={{ backgroundOpacity: 0.55, blur: 2 }}
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } }}
    >
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap" align="center">
          <IconClock size={28} color="var(--mantine-color-orange-7)" />
          <Text>
            {SESSION_EXPIRY_TEXTS.lead}{" "}
            <Text span fw={700} ff="monospace" role="timer">
              {countdown}
            </Text>
          </Text>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onLogOut}>
            {SESSION_EXPIRY_TEXTS.logOut}
          </Button>
          <Button onClick={onStay} data-autofocus>
            {SESSION_EXPIRY_TEXTS.stay}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
