import { Text } from "@mantine/core";
import { WEBHOOK_SECRET_OVERLAP_HOURS } from "@signet/contract";
import { CopyField } from "../../../components/CopyField.tsx";
import { SecretOnceModal } from "../../../components/SecretOnceModal.tsx";

export interface RevealedWebhookSecret {
  url: string;
  secret: string;
  rotated: boolean;
}

/**
 * The one moment a webhook's signing secret can be read. Closing takes a deliberate click, so a
 * stray click beside the dialog does not lose it.
 */
export function WebhookSecretModal({
  revealed,
  onClose,
}: {
  revealed: RevealedWebhookSecret | null;
  onClose: () => void;
}) {
  return (
    <SecretOnceModal
      opened={revealed !== null}
      onClose={onClose}
      title="Copy the signing secret now"
      warning="Store it where your receiver reads its settings before closing this window. If it is lost, rotate the secret to get a new one."
    >
      {revealed && (
        <>
          <CopyField label="Signing secret" value={revealed.secret} description={revealed.url} />
          <Text size="sm">
            {revealed.rotated
              ? `The previous secret keeps working for ${WEBHOOK_SECRET_OVERLAP_HOURS} hours: until then every delivery is signed with both, so you can switch your receiver over without missing an event.`
              : "Your receiver verifies each delivery's signature with this secret, as the Standard Webhooks specification describes."}
          </Text>
        </>
      )}
    </SecretOnceModal>
  );
}
