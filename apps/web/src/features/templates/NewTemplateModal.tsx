import { zodResolver } from "@hookform/resolvers/zod";
import { Modal, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { createTemplateSchema } from "@signet/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormError } from "../../components/FormError.tsx";
import { ModalFooter } from "../../components/ModalFooter.tsx";
import { toastSuccess } from "../../components/toast.ts";
import { useFormMutation } from "../../kit/use-form-mutation.ts";
import { TEMPLATE_KIND_INFO, type TemplateKind, templateApi } from "./template-kinds.ts";
import { refreshTemplates } from "./template-queries.ts";

// The contract's create schema without the groups, which are chosen on the template's page.
const newTemplateSchema = createTemplateSchema.pick({ name: true, description: true });
type NewTemplateInput = z.input<typeof newTemplateSchema>;
type NewTemplateOutput = z.output<typeof newTemplateSchema>;

/** 'New template': a name and a description; the new template opens in its page. */
export function NewTemplateModal(props: {
  kind: TemplateKind;
  organizationId: string;
  other?: string;
  opened: boolean;
  onClose: () => void;
}) {
  const info = TEMPLATE_KIND_INFO[props.kind];
  const navigate = useNavigate();
  const client = useQueryClient();
  const form = useForm<NewTemplateInput, unknown, NewTemplateOutput>({
    resolver: zodResolver(newTemplateSchema),
    defaultValues: { name: "", description: "" },
  });
  const { errors } = form.formState;

  const { submit, formError, mutation } = useFormMutation(form, {
    duplicateField: "name",
    mutationFn: async (values: NewTemplateOutput) =>
      templateApi.create(props.kind, props.organizationId, {
        name: values.name,
        description: values.description || null,
      }),
    onSuccess: async (created) => {
      await refreshTemplates(client, props.organizationId);
      toastSuccess(`${info.noun[0]?.toUpperCase()}${info.noun.slice(1)} "${created.name}" created.`);
      close();
      void navigate({ to: info.editTo, params: { templateId: created.id }, search: { org: props.other } });
    },
  });

  const close = () => {
    form.reset();
    mutation.reset();
    props.onClose();
  };

  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={`New ${info.noun}`}
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <Stack gap="md" component="form" id="new-template-form" onSubmit={submit}>
        <TextInput
          label="Name"
          required
          description="How senders find it."
          maxLength={200}
          error={errors.name?.message}
          data-autofocus
          {...form.register("name")}
        />
        <Textarea
          label="Description"
          description="Optional: when to use it."
          maxLength={1000}
          autosize
          minRows={2}
          error={errors.description?.message}
          {...form.register("description")}
        />
        <FormError message={formError} />
        <Text size="sm" c="dimmed">
          It starts inactive; prepare it in the builder, then {props.kind === "document" ? "publish and " : ""}activate
          it for the groups that may use it.
        </Text>
        <ModalFooter
          form="new-template-form"
          submitLabel="Create template"
          loading={mutation.isPending}
          onCancel={close}
        />
      </Stack>
    </Modal>
  );
}
