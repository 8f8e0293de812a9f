import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import {
  normalizePhoneInput,
  type PackageTemplate,
  packageActionRoutes,
  TEMPLATE_MESSAGES,
  type TemplatePerson,
  type TemplateSlot,
  templateRoutes,
} from "@signet/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
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

function personBody(slot: TemplateSlot, person: PersonValues): TemplatePerson {
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

/**
 * Workspace › New from template (issue 13 §4): pick a package template, name the people of its
 * slots, and the package is built with everything else filled in — opened in the builder (an
 * ordinary package the sender can still change) or sent at once.
 */
export function NewFromTemplateDialog(props: { organizationId: string; opened: boolean; onClose: () => void }) {
  const { organizationId } = props;
  const navigate = useNavigate();
  const client = useQueryClient();
  const list = useQuery({ ...templateQueries.packageTemplates(organizationId, true), enabled: props.opened });
  const templates = list.data?.records ?? [];
  const [templateId, setTemplateId] = useState<string | null>(null);
  const template: PackageTemplate | undefined =
    templates.find((candidate) => candidate.id === templateId) ?? (templates.length === 1 ? templates[0] : undefined);
  const [people, setPeople] = useState<Record<string, PersonValues>>({});
  const [packageName, setPackageName] = useState("");
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<"create" | "send" | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (!props.opened) {
      setTemplateId(null);
      setPeople({});
      setPackageName("");
      setTouched(new Set());
      setFormError(null);
    }
  }, [props.opened]);

  const slots = template?.slots ?? [];
  const personOf = (slot: TemplateSlot) => people[slotKeyOf(slot)] ?? emptyPerson;
  const problemsOf = (slot: TemplateSlot) => personProblems(slot, personOf(slot));
  const hasProblem = slots.some((slot) => Object.keys(problemsOf(slot)).length > 0);
  const set = (slot: TemplateSlot, field: keyof PersonValues, value: string) => {
    setFormError(null);
    setPeople((current) => ({ ...current, [slotKeyOf(slot)]: { ...personOf(slot), [field]: value } }));
  };
  const touch = (key: string) => setTouched((current) => (current.has(key) ? current : new Set([...current, key])));
  const shown = (slot: TemplateSlot, field: keyof PersonValues) => {
    const key = `${slotKeyOf(slot)}.${field}`;
    return touched.has(key) || touched.has("*") ? problemsOf(slot)[field] : undefined;
  };

  async function submit(andSend: boolean) {
    if (!template) return;
    if (hasProblem) {
      setTouched(new Set(["*"]));
      return;
    }
    setBusy(andSend ? "send" : "create");
    setFormError(null);
    try {
      const created = await api(templateRoutes.createPackageFromTemplate, {
        params: { orgId: organizationId, templateId: template.id },
        body: {
          ...(packageName.trim() ? { name: packageName.trim() } : {}),
          people: slots.map((slot) => personBody(slot, personOf(slot))),
        },
        passThrough: true,
      });
      await invalidatePackage(client, organizationId);
      if (andSend) {
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
        return;
      }
      toastSuccess(TEMPLATE_MESSAGES.packageCreatedFromTemplate);
      props.onClose();
      await navigate({ to: "/packages/$packageId/build", params: { packageId: created.id }, search: { step: 1 } });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setFormError(errorMessage(error));
      else if (!(error instanceof ApiError && error.handled)) toastError(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

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
            onChange={(value) => {
              setTemplateId(value);
              setTouched(new Set());
            }}
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
            {slots.map((slot, index) => (
              <Stack key={slotKeyOf(slot)} gap={4} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
                <Title order={3} size="h5" component="legend">
                  {slot.displayName}
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                  <TextInput
                    label="First name"
                    required
                    value={personOf(slot).givenName}
                    error={shown(slot, "givenName")}
                    onChange={(event) => set(slot, "givenName", event.currentTarget.value)}
                    onBlur={() => touch(`${slotKeyOf(slot)}.givenName`)}
                    data-autofocus={index === 0 && templates.length === 1 ? true : undefined}
                  />
                  <TextInput
                    label="Last name"
                    required
                    value={personOf(slot).familyName}
                    error={shown(slot, "familyName")}
                    onChange={(event) => set(slot, "familyName", event.currentTarget.value)}
                    onBlur={() => touch(`${slotKeyOf(slot)}.familyName`)}
                  />
                  {slot.accessMethod !== "API" && (
                    <TextInput
                      label={slot.accessMethod === "SMS" ? "Mobile phone" : "Email"}
                      type={slot.accessMethod === "SMS" ? "tel" : "email"}
                      placeholder={slot.accessMethod === "SMS" ? "123-456-7890" : undefined}
                      required
                      value={personOf(slot).contact}
                      error={shown(slot, "contact")}
                      onChange={(event) => set(slot, "contact", event.currentTarget.value)}
                      onBlur={() => touch(`${slotKeyOf(slot)}.contact`)}
                    />
                  )}
                </SimpleGrid>
              </Stack>
            ))}
            <TextInput
              label="Package name"
              description="Optional: the template's name is used otherwise."
              placeholder={template.name}
              value={packageName}
              maxLength={255}
              onChange={(event) => setPackageName(event.currentTarget.value)}
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
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title="New package from template"
      size="lg"
      centered
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <form
        aria-label="New package from template"
        onSubmit={(event) => {
          event.preventDefault();
          void submit(false);
        }}
      >
        <Stack gap="lg">
          {body}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="light" disabled={!template} loading={busy === "create"}>
              Create and open
            </Button>
            <Button disabled={!template} loading={busy === "send"} onClick={() => void submit(true)}>
              Create and send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
