import { zodResolver } from "@hookform/resolvers/zod";
import { Modal, Select, Stack, Text, TextInput } from "@mantine/core";
import {
  createEmailTemplateSchema,
  DEFAULT_EMAIL_TEMPLATES,
  EMAIL_TEMPLATE_KIND_INFO,
  EMAIL_TEMPLATE_KINDS,
  type EmailTemplate,
  type EmailTemplateKind,
  emailTemplateRoutes,
} from "@signet/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { api } from "../../../api/client.ts";
import { FormError } from "../../../components/FormError.tsx";
import { ModalFooter } from "../../../components/ModalFooter.tsx";
import { toastSuccess } from "../../../components/toast.ts";
import { useFormMutation } from "../../../kit/use-form-mutation.ts";
import { refreshEmailTemplates } from "./email-template-queries.ts";

// The contract's kind; the name may be left empty here, for the kind's own label.
const newTemplateSchema = createEmailTemplateSchema.pick({ kind: true }).extend({ name: z.string().trim().max(100) });
type NewTemplateInput = z.input<typeof newTemplateSchema>;
type NewTemplateOutput = z.output<typeof newTemplateSchema>;

/** A new template of a kind, started from Signet's built-in text; the editor opens on it. */
export function NewEmailTemplateModal({
  organizationId,
  kind,
  existing,
  onClose,
}: {
  organizationId: string;
  kind: EmailTemplateKind | null;
  existing: EmailTemplate[];
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<NewTemplateInput, unknown, NewTemplateOutput>({
    resolver: zodResolver(newTemplateSchema),
    defaultValues: { kind: kind ?? EMAIL_TEMPLATE_KINDS[0], name: "" },
  });
  const chosenKind = useWatch({ control: form.control, name: "kind" });
  const suggested = EMAIL_TEMPLATE_KIND_INFO[chosenKind].label;
  useEffect(() => {
    if (kind) form.reset({ kind, name: "" });
  }, [kind, form]);

  const { submit, formError, mutation } = useFormMutation(form, {
    fields: ["name"],
    mutationFn: (values: NewTemplateOutput) =>
      api(emailTemplateRoutes.createEmailTemplate, {
        params: { orgId: organizationId },
        body: {
          kind: values.kind,
          name: values.name || EMAIL_TEMPLATE_KIND_INFO[values.kind].label,
          // the first of its kind is the one sent
          isDefault: existing.length === 0,
          contents: DEFAULT_EMAIL_TEMPLATES[values.kind],
        },
      }),
    onSuccess: async (created) => {
      await refreshEmailTemplates(queryClient, organizationId);
      toastSuccess(`Email template "${created.name}" added.`);
      onClose();
      void navigate({ to: "/settings/email-templates/$templateId", params: { templateId: created.id } });
    },
  });

  return (
    <Modal opened={kind !== null} onClose={onClose} title="New email template">
      <form noValidate id="new-email-template-form" onSubmit={submit}>
        <Stack gap="md">
          <FormError message={formError} />
          <Controller
            control={form.control}
            name="kind"
            render={({ field }) => (
              <Select
                label="Message"
                data={EMAIL_TEMPLATE_KINDS.map((value) => ({ value, label: EMAIL_TEMPLATE_KIND_INFO[value].label }))}
                value={field.value}
                onChange={(value) => value && field.onChange(value as EmailTemplateKind)}
                allowDeselect={false}
              />
            )}
          />
          <TextInput
            label="Name"
            description="How you find it in lists, such as in a package's invitation step."
            placeholder={suggested}
            maxLength={100}
            {...form.register("name")}
            error={form.formState.errors.name?.message}
          />
          <Text size="sm" c="dimmed">
            It starts from Signet's built-in English and Spanish text; change it in the editor next.
          </Text>
          <ModalFooter
            form="new-email-template-form"
            submitLabel="Create template"
            loading={mutation.isPending}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
