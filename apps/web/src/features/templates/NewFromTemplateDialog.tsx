import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import {
  normalizePhoneInput,
  type PackageFromTemplate,
  type PackageTemplate,
  packageActionRoutes,
  packageFromTemplateSchema,
  TEMPLATE_MESSAGES,
  type TemplatePerson,
  type TemplateSlot,
  templateRoutes,
} from "@signet/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { ApiError, errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { invalidatePackage } from "../packages/package-queries.ts";
import { templateQueries } from "./template-queries.ts";

interface PersonValues {
  givenName: string;
  familyName: string;
  contact: string;
}
const emptyPerson: PersonValues = { givenName: "", familyName: "", contact: "" };
const slotKeyOf = (slot: TemplateSlot) => `${slot.type}#${slot.roleNumber}`;
const emailFormat = z.email();

/** What is wrong with one slot's person, by field (the API's own messages). */
export function personProblems(slot: TemplateSlot, person: PersonValues): Partial<Record<keyof PersonValues, string>> {
  const problems: Partial<Record<keyof PersonValues, string>> = {};
  if (!person.givenName.trim()) problems.givenName = "First name is required.";
  if (!person.familyName.trim()) problems.familyName = "Last name is required.";
  const contact = person.contact.trim();
  if (slot.accessMethod === "EMAIL") {
    if (!contact) problems.contact = "Email is required.";
    else if (!emailFormat.safeParse(contact.toLowerCase()).success) problems.contact = "Enter a valid email address.";
  } else if (slot.accessMethod === "SMS") {
    if (!contact) problems.contact = "Mobile phone is required.";
    else if (normalizePhoneInput(contact) === null) problems.contact = "Enter ten digits, e.g. 123-456-7890.";
  }
  return problems;
}

export function personBody(slot: TemplateSlot, person: PersonValues): TemplatePerson {
  const contact = person.contact.trim();
  return {
    type: slot.type,
    roleNumber: slot.roleNumber,
    givenName: person.givenName.trim(),
    familyName: person.familyName.trim(),
    ...(slot.accessMethod === "EMAIL" ? { email: contact } : {}),
    ...(slot.accessMethod === "SMS" ? { phoneNumber: normalizePhoneInput(contact) ?? contact } : {}),
  };
}

const personFormSchema = z
  .object({
    /** the template's slot this person fills (not a field: what the person is checked against) */
    slot: z.custom<TemplateSlot>(),
    givenName: z.string(),
    familyName: z.string(),
    contact: z.string(),
  })
  .superRefine((person, ctx) => {
    for (const [field, message] of Object.entries(personProblems(person.slot, person))) {
      ctx.addIssue({ code: "custom", path: [field], message });
    }
  })
  .transform((person) => personBody(person.slot, person));

/**
 * The dialog's fields (a person per slot, contact as the slot reaches them) turned into the
 * contract's body, which then checks it as the server will.
 */
export const newFromTemplateSchema = z
  .object({ name: z.string().trim(), people: z.array(personFormSchema) })
  // a blank name: the template's
  .transform(({ name, people }) => ({ ...(name ? { name } : {}), people }))
  .pipe(packageFromTemplateSchema);
type NewFromTemplateInput = z.input<typeof newFromTemplateSchema>;
type PersonInput = NewFromTemplateInput["people"][number];

/**
 * Workspace › New from template (issue 13 §4): pick a package template, name the people of its
 * slots, and the package is built with everything else filled in — opened in the builder (an
 * ordinary package the sender can still change) or sent at once.
 */
export function NewFromTemplateDialog(props: { organizationId: string; opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title="New package from template"
      size="lg"
      centered
      closeButtonProps={{ "aria-label": "Close" }}
    >
      {/* the form mounts with the dialog: each opening starts empty */}
      <NewFromTemplateForm organizationId={props.organizationId} onClose={props.onClose} />
    </Modal>
  );
}

function NewFromTemplateForm(props: { organizationId: string; onClose: () => void }) {
  const { organizationId } = props;
  const navigate = useNavigate();
  const client = useQueryClient();
  const list = useQuery(templateQueries.packageTemplates(organizationId, true));
  const templates = list.data?.records ?? [];
  const [templateId, setTemplateId] = useState<string | null>(null);
  const template: PackageTemplate | undefined =
    templates.find((candidate) => candidate.id === templateId) ?? (templates.length === 1 ? templates[0] : undefined);
  const form = useForm<NewFromTemplateInput, unknown, PackageFromTemplate>({
    resolver: zodResolver(newFromTemplateSchema),
    // a field says what is wrong once left, then as it is typed in
    mode: "onTouched",
    defaultValues: { name: "", people: [] },
  });
  const { errors } = form.formState;

  // another template: a person per slot, keeping what was typed for a slot both templates have
  useEffect(() => {
    if (!template) return;
    const typed = form.getValues("people");
    const people = template.slots.map((slot): PersonInput => {
      // the fields register before this runs: a person may have no slot yet
      const earlier = typed.find((person) => person.slot && slotKeyOf(person.slot) === slotKeyOf(slot));
      return { ...emptyPerson, ...earlier, slot };
    });
    form.reset({ name: form.getValues("name"), people });
  }, [template, form]);

  const create = useMutation({
    mutationFn: async ({
      templateId,
      body,
      andSend,
    }: {
      templateId: string;
      body: PackageFromTemplate;
      andSend: boolean;
    }) => {
      const created = await api(templateRoutes.createPackageFromTemplate, {
        params: { orgId: organizationId, templateId },
        body,
        passThrough: true,
      });
      await invalidatePackage(client, organizationId);
      if (!andSend) {
        toastSuccess(TEMPLATE_MESSAGES.packageCreatedFromTemplate);
        props.onClose();
        await navigate({ to: "/packages/$packageId/build", params: { packageId: created.id }, search: { step: 1 } });
        return;
      }
      try {
        await api(packageActionRoutes.sendPackage, {
          params: { orgId: organizationId, packageId: created.id },
          body: { version: created.version },
          passThrough: true,
        });
      } catch (error) {
        // the package exists: the builder's review step says what sending still needs
        toastError(`The package was created but not sent: ${errorMessage(error)}`);
        props.onClose();
        await navigate({ to: "/packages/$packageId/build", params: { packageId: created.id }, search: { step: 4 } });
        return;
      }
      await invalidatePackage(client, organizationId, created.id);
      toastSuccess("Package sent.");
      props.onClose();
      await navigate({ to: "/packages/$packageId", params: { packageId: created.id } });
    },
    onError: (error) => {
      if (!(error instanceof ApiError && (error.status === 400 || error.handled))) toastError(errorMessage(error));
    },
  });
  const formError = create.error instanceof ApiError && create.error.status === 400 ? errorMessage(create.error) : null;
  const { reset: clearRefusal } = create;
  // a refusal stays until the next change
  useEffect(() => {
    const subscription = form.watch(() => clearRefusal());
    return () => subscription.unsubscribe();
  }, [form, clearRefusal]);
  const submit = (andSend: boolean) =>
    form.handleSubmit((body) => {
      if (!template) return;
      create.reset();
      create.mutate({ templateId: template.id, body, andSend });
    });
  const busy = create.isPending ? (create.variables?.andSend ? "send" : "create") : null;

  let body: React.ReactNode;
  if (list.isPending) {
    body = <Text c="dimmed">Loading the templates…</Text>;
  } else if (list.isError) {
    body = (
      <Alert color="red" role="alert" title="The package templates could not be loaded.">
        {errorMessage(list.error)} Close this dialog and try again.
      </Alert>
    );
  } else if (templates.length === 0) {
    body = (
      <Text>
        No package template is shared with your groups yet. An administrator creates them in Settings › Package
        templates.
      </Text>
    );
  } else {
    body = (
      <Stack gap="md">
        {templates.length > 1 && (
          <Select
            label="Package template"
            placeholder="Choose a template"
            data={templates.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
            value={template?.id ?? null}
            onChange={setTemplateId}
            searchable
            allowDeselect={false}
            data-autofocus
          />
        )}
        {template && (
          <>
            <Text size="sm" c="dimmed">
              {[
                templates.length === 1 ? `From the template ${template.name}.` : null,
                template.description,
                `${template.documents.length} document${template.documents.length === 1 ? "" : "s"}: ${template.documents.map((document) => document.name).join(", ")}.`,
              ]
                .filter(Boolean)
                .join(" ")}
            </Text>
            {template.slots.map((slot, index) => {
              const problems = errors.people?.[index];
              return (
                <Stack key={slotKeyOf(slot)} gap={4} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
                  <Title order={3} size="h5" component="legend">
                    {slot.displayName}
                  </Title>
                  <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                    <TextInput
                      label="First name"
                      required
                      error={problems?.givenName?.message}
                      {...form.register(`people.${index}.givenName`)}
                      data-autofocus={index === 0 && templates.length === 1 ? true : undefined}
                    />
                    <TextInput
                      label="Last name"
                      required
                      error={problems?.familyName?.message}
                      {...form.register(`people.${index}.familyName`)}
                    />
                    {slot.accessMethod !== "API" && (
                      <TextInput
                        label={slot.accessMethod === "SMS" ? "Mobile phone" : "Email"}
                        type={slot.accessMethod === "SMS" ? "tel" : "email"}
                        placeholder={slot.accessMethod === "SMS" ? "123-456-7890" : undefined}
                        required
                        error={problems?.contact?.message}
                        {...form.register(`people.${index}.contact`)}
                      />
                    )}
                  </SimpleGrid>
                </Stack>
              );
            })}
            <TextInput
              label="Package name"
              description="Optional: the template's name is used otherwise."
              placeholder={template.name}
              maxLength={255}
              {...form.register("name")}
            />
            {formError && (
              <Alert color="red" role="alert">
                {formError}
              </Alert>
            )}
          </>
        )}
      </Stack>
    );
  }

  return (
    <form aria-label="New package from template" onSubmit={submit(false)}>
      <Stack gap="lg">
        {body}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="light" disabled={!template} loading={busy === "create"}>
            Create and open
          </Button>
          <Button disabled={!template} loading={busy === "send"} onClick={() => void submit(true)()}>
            Create and send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
