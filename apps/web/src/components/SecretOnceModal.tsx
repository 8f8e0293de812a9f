import { Alert, Button, Group, Modal, Stack } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { ReactNode } from "react";

/**
 * The one moment a secret can be read (Signet keeps only a hash or an encrypted copy it never shows
 * again). Closing takes a deliberate click, so that a stray click beside the dialog or Escape does
 * not lose it.
 */
export function SecretOnceModal(props: {
  opened: boolean;
  title: string;
  /** what to do with the secret, and what happens if it is lost */
  warning: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      size="lg"
    >
      {props.opened && (
        <Stack gap="md">
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title="It will not be shown again">
            {props.warning}
          </Alert>
          {props.children}
          <Group justify="flex-end">
            <Button onClick={props.onClose}>I have stored the secret</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
