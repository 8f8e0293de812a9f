import { ActionIcon, Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { IconAlertTriangle, IconCheck, IconCopy } from "@tabler/icons-react";

/** What was just created: shown once, since only the secret's hash is kept. */
export interface RevealedSecret {
  clientName: string;
  clientId: string;
  value: string;
}

/**
 * The one moment a client secret can be read. Closing needs a deliberate click, so that an
 * accidental click beside the dialog does not lose the secret.
 */
export function SecretRevealModal({ secret, onClose }: { secret: RevealedSecret | null; onClose: () => void }) {
  return (
    <Modal
      opened={secret !== null}
      onClose={onClose}
      title="Copy the client secret now"
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      size="lg"
    >
      {secret && (
        <Stack gap="md">
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title="It will not be shown again">
            Signet keeps only a fingerprint of this secret. Store it in your system's secret store before closing this
            window; if it is lost, add a new secret and revoke this one.
          </Alert>
          <CopyField label="Client ID" value={secret.clientId} />
          <CopyField label={`Client secret of ${secret.clientName}`} value={secret.value} />
          <Text size="sm" c="dimmed">
            Exchange them for a token at /cas/oauth/token with grant type client_credentials.
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>I have stored the secret</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
      onFocus={(event) => event.currentTarget.select()}
      rightSection={
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? "Copied" : "Copy"} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? "teal" : "gray"}
                onClick={copy}
                aria-label={copied ? `${label} copied` : `Copy ${label}`}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}
