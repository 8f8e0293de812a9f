import { zodResolver } from "@hookform/resolvers/zod";
import { Modal, Stack, TextInput } from "@mantine/core";
import { type ApiUser, apiClientRoutes, createApiClientSchema } from "@signet/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { api } from "../../../api/client.ts";
import { FormError } from "../../../components/FormError.tsx";
import { ModalFooter } from "../../../components/ModalFooter.tsx";
import { useFormMutation } from "../../../kit/use-form-mutation.ts";
import { refreshAccess } from "../access-queries.ts";
import type { RevealedSecret } from "./SecretRevealModal.tsx";

// The contract's name; the expiry is picked as a day (the date input's yyyy-mm-dd, or empty for none).
const clientFormSchema = createApiClientSchema.pick({ name: true }).extend({ expires: z.string() });
type ClientInput = z.input<typeof clientFormSchema>;
type ClientOutput = z.output<typeof clientFormSchema>;

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
  const form = useForm<ClientInput, unknown, ClientOutput>({
    resolver: zodResolver(clientFormSchema),
    defaultValues: { name: "", expires: "" },
  });
  const { submit, formError, mutation } = useFormMutation(form, {
    fields: ["name"],
    mutationFn: async ({ name, expires }: ClientOutput) => {
      if (!apiUser) return null;
      return api(apiClientRoutes.createApiClient, {
        params: { orgId: organizationId, apiUserId: apiUser.id },
        // a date means "through that day" in the admin's own time zone
        body: { name, ...(expires ? { secretExpiresAt: new Date(`${expires}T23:59:59`).toISOString() } : {}) },
      });
    },
    onSuccess: async (created) => {
      if (!created) return;
      await refreshAccess(queryClient, organizationId);
      onClose();
      onCreated({ clientName: created.client.name, clientId: created.client.clientId, value: created.secret.value });
    },
  });
  const { reset: resetMutation } = mutation;
  useEffect(() => {
    if (apiUser) {
      form.reset({ name: "", expires: "" });
      resetMutation();
    }
  }, [apiUser, form, resetMutation]);

  return (
    <Modal
      opened={apiUser !== null}
      onClose={onClose}
      title={`Add a client to ${apiUser?.name ?? ""}`}
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <form id="create-api-client-form" onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormError message={formError} />
          <TextInput
            label="Client name"
            description="Where the credentials will be used, e.g. Production"
            required
            data-autofocus
            {...form.register("name")}
            error={form.formState.errors.name?.message}
          />
          <TextInput
            label="Secret expires"
            description="Optional: the secret stops working after this day"
            type="date"
            {...form.register("expires")}
          />
        </Stack>
        <ModalFooter
          submitLabel="Create client"
          form="create-api-client-form"
          loading={mutation.isPending}
          permission="MANAGE_USERS"
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
