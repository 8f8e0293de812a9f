import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, MultiSelect, Stack, Textarea, TextInput } from "@mantine/core";
import { groupRoutes, updateTemplateSchema } from "@signet/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { api } from "../../api/client.ts";
import { FormError } from "../../components/FormError.tsx";
import { FormSection } from "../../components/FormSection.tsx";
import { toastSuccess } from "../../components/toast.ts";
import { useFormMutation } from "../../kit/use-form-mutation.ts";
import { type AnyTemplate, type TemplateKind, templateApi } from "./template-kinds.ts";
import { refreshTemplates } from "./template-queries.ts";

// The contract's update schema without the version (the template's own), the name required as the
// page always has one.
const detailsSchema = updateTemplateSchema
  .pick({ name: true, description: true, groupIds: true })
  .required({ name: true, groupIds: true });
type DetailsInput = z.input<typeof detailsSchema>;
type DetailsOutput = z.output<typeof detailsSchema>;
interface Values {
  name: string;
  description: string;
  groupIds: string[];
}

const valuesOf = (template: AnyTemplate): Values => ({
  name: template.name,
  description: template.description ?? "",
  groupIds: template.groups.map((group) => group.groupId),
});
const sameGroups = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/**
 * The template's name, description and groups as a form, and whether they differ from the saved
 * template (trimmed: spaces alone change nothing).
 */
export function useTemplateDetails(kind: TemplateKind, organizationId: string, template: AnyTemplate) {
  const client = useQueryClient();
  const form = useForm<DetailsInput, unknown, DetailsOutput>({
    resolver: zodResolver(detailsSchema),
    defaultValues: valuesOf(template),
  });
  const values = useWatch({ control: form.control }) as Values;
  const saved = valuesOf(template);
  const dirty =
    values.name.trim() !== saved.name ||
    values.description.trim() !== saved.description ||
    !sameGroups(values.groupIds, saved.groupIds);
  // a refetch after an action (a new version number) keeps what the user is typing
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the saved template only, not each keystroke
  useEffect(() => {
    if (!dirty) form.reset(valuesOf(template));
  }, [template]);

  const save = useFormMutation(form, {
    duplicateField: "name",
    mutationFn: (next: DetailsOutput): Promise<unknown> =>
      templateApi
        .update(kind, organizationId, template.id, {
          version: template.version,
          ...(next.name !== saved.name ? { name: next.name } : {}),
          ...((next.description ?? "") !== saved.description ? { description: next.description || null } : {}),
          ...(!sameGroups(next.groupIds, saved.groupIds) ? { groupIds: next.groupIds } : {}),
        })
        // a refusal may come from a change made elsewhere: the page shows the latest either way
        .finally(() => refreshTemplates(client, organizationId)),
    onSuccess: (_saved, next) => toastSuccess(`Template "${next.name}" saved.`),
  });
  return { form, dirty, saved, save };
}

export type TemplateDetails = ReturnType<typeof useTemplateDetails>;

/** Settings › a template › "Template": how senders find it and which groups may use it. */
export function TemplateDetailsForm(props: {
  organizationId: string;
  template: AnyTemplate;
  details: TemplateDetails;
  canManage: boolean;
}) {
  const { organizationId, template, canManage } = props;
  const { form, dirty, saved, save } = props.details;
  const { errors } = form.formState;
  const groupsQuery = useQuery({
    queryKey: ["templates", organizationId, "group-choices"],
    queryFn: ({ signal }) =>
      api(groupRoutes.listGroups, { params: { orgId: organizationId }, signal, passThrough: true }),
    retry: false,
  });
  const groupOptions = new Map<string, string>();
  for (const group of groupsQuery.data?.records ?? []) groupOptions.set(group.id, group.name);
  for (const group of template.groups) groupOptions.set(group.groupId, group.name);

  return (
    <FormSection title="Template" description="How senders find it and which groups may use it.">
      <form aria-label="Template details" onSubmit={save.submit}>
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            maxLength={200}
            readOnly={!canManage}
            error={errors.name?.message}
            {...form.register("name")}
          />
          <Textarea
            label="Description"
            maxLength={1000}
            autosize
            minRows={2}
            readOnly={!canManage}
            error={errors.description?.message}
            {...form.register("description")}
          />
          <Controller
            control={form.control}
            name="groupIds"
            render={({ field }) => (
              <MultiSelect
                label="Groups"
                description={`Members who manage packages in these groups may use the template (at least one is needed to activate it).${groupsQuery.isError ? " The organization's groups could not be listed: only the current ones are shown." : ""}`}
                data={[...groupOptions].map(([value, label]) => ({ value, label }))}
                value={field.value}
                readOnly={!canManage}
                searchable
                error={errors.groupIds?.message}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
          <FormError message={save.formError} />
          <Group justify="flex-end">
            <Button
              variant="default"
              disabled={!dirty}
              onClick={() => {
                form.reset(saved);
                save.mutation.reset();
              }}
            >
              Discard changes
            </Button>
            <Button type="submit" loading={save.mutation.isPending} disabled={!canManage || !dirty}>
              Save template
            </Button>
          </Group>
        </Stack>
      </form>
    </FormSection>
  );
}
