import { Modal, Stack, TextInput } from "@mantine/core";
import { type ApiUser, apiClientRoutes } from "@signet/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { errorMessage } from "../../../api/api-error.ts";
import { api } from "../../../api/client.ts";
import { FormError } from "../../../components/FormError.tsx";
import { ModalFooter } from "../../../components/ModalFooter.tsx";
import { refreshAccess } from "../access-queries.ts";
import type { RevealedSecret } from "./SecretRevealModal.tsx";

/** Adds a client to an API user; its first secret is handed to the reveal dialog. */
export function CreateApiClientModal({
  organizationId,
  apiUser,
  onClose,
  onCreated,
}: {
  organizationId: string;
  apiUser: ApiUser | null;
  onClose: () => void;
  onCreated: (secret: RevealedSecret) => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [expires, setExpires] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (apiUser) {
      setName("");
      setExpires("");
      setError(null);
    }
  }, [apiUser]);

  const submit = async () => {
    if (!apiUser) return;
    if (!name.trim()) {
      setError("Enter a name for the client.");
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const created = await api(apiClientRoutes.createApiClient, {
        params: { orgId: organizationId, apiUserId: apiUser.id },
        // a date means "through that day" in the admin's own time zone
        body: {
          name: name.trim(),
          ...(expires ? { secretExpiresAt: new Date(`${expires}T23:59:59`).toISOString() } : {}),
        },
      });
      await refreshAccess(queryClient, organizationId);
      onClose();
      onCreated({ clientName: created.client.name, clientId: created.client.clientId, value: created.secret.value });
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      opened={apiUser !== null}
      onClose={onClose}
      title={`Add a client to ${apiUser?.name ?? ""}`}
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <form
        id="create-api-client-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <FormError message={error} />
          <TextInput
            label="Client name"
            description="Where the credentials will be used, e.g. Production"
            required
            data-autofocus
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <TextInput
            label="Secret expires"
            description="Optional: the secret stops working after this day"
            type="date"
            value={expires}
            onChange={(event) => setExpires(event.currentTarget.value)}
          />
        </Stack>
        <ModalFooter
          submitLabel="Create client"
          form="create-api-client-form"
          loading={saving}
          permission="MANAGE_USERS"
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
