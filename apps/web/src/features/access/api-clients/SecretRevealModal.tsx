import { Text } from "@mantine/core";
import { CopyField } from "../../../components/CopyField.tsx";
import { SecretOnceModal } from "../../../components/SecretOnceModal.tsx";
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
    <SecretOnceModal
      opened={secret !== null}
      onClose={onClose}
      title="Copy the client secret now"
      warning="Signet keeps only a fingerprint of this secret. Store it in your system's secret store before closing this window; if it is lost, add a new secret and revoke this one."
    >
      {secret && (
        <>
          <CopyField label="Client ID" value={secret.clientId} namedCopy />
          <CopyField label={`Client secret of ${secret.clientName}`} value={secret.value} namedCopy />
          <Text size="sm" c="dimmed">
            Exchange them for a token at /cas/oauth/token with grant type client_credentials.
          </Text>
        </>
      )}
    </SecretOnceModal>
  );
}
