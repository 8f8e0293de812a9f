import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { createGroupSchema, GROUP_MESSAGES, type Group, groupPath, groupRoutes } from "@signet/contract";
import { IconInfoCircle } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { errorMessage } from "../../../api/api-error.ts";
import { api, apiCreate } from "../../../api/client.ts";
import { FormError } from "../../../components/FormError.tsx";
import { FormSection } from "../../../components/FormSection.tsx";
import { ModalFooter } from "../../../components/ModalFooter.tsx";
import { Page } from "../../../components/Page.tsx";
import { Spinner } from "../../../components/Spinner.tsx";
import { toastSuccess } from "../../../components/toast.ts";
import { useUnsavedChangesGuard } from "../../../components/use-unsaved-changes-guard.ts";
import { useFormMutation } from "../../../kit/use-form-mutation.ts";
import { AccessBreadcrumbs } from "../AccessBreadcrumbs.tsx";
import { gated } from "../AccessDashboard.tsx";
import { accessQueries, refreshAccess } from "../access-queries.ts";
import { RoleMultiSelect } from "./RoleStructureSelect.tsx";

// The contract's create schema without the parent, which comes from the path.
const groupFormSchema = createGroupSchema.pick({ name: true, description: true, roleIds: true });
type GroupInput = z.input<typeof groupFormSchema>;
type GroupOutput = z.output<typeof groupFormSchema>;

/** Spec §2 '/groups/new', '/groups/new/:parentGroupId' (sub-group) and '/groups/:groupId/edit'. */
function GroupFormScreen({
  organizationId,
  groupId,
  parentGroupId,
}: {
  organizationId: string;
  groupId?: string;
  parentGroupId?: string;
}) {
  const groups = useQuery(accessQueries.groups(organizationId));
  const existing = useQuery({ ...accessQueries.group(organizationId, groupId ?? ""), enabled: Boolean(groupId) });
  const failed = groups.error ?? existing.error;
  const ready = groups.data && (!groupId || existing.data);
  return (
    <>
      {failed ? (
        <Page title={groupId ? "Edit group" : "Add group"}>
          <FormError message={errorMessage(failed)} />
        </Page>
      ) : !ready ? (
        <Spinner />
      ) : (
        <GroupForm
          key={existing.data?.version ?? "new"}
          organizationId={organizationId}
          group={existing.data}
          parentGroupId={existing.data ? existing.data.parentId : (parentGroupId ?? null)}
          groups={groups.data.records}
        />
      )}
    </>
  );
}

function GroupForm({
  organizationId,
  group,
  parentGroupId,
  groups,
}: {
  organizationId: string;
  group: Group | undefined;
  parentGroupId: string | null;
  groups: Group[];
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const roles = useQuery(accessQueries.allRoles(organizationId));
  const form = useForm<GroupInput, unknown, GroupOutput>({
    resolver: zodResolver(groupFormSchema),
    defaultValues: {
      name: group?.name ?? "",
      description: group?.description ?? "",
      roleIds: group?.roles.map((role) => role.id) ?? [],
    },
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  const { confirmDiscard, allowLeave } = useUnsavedChangesGuard(isDirty);
  const roleIds = useWatch({ control: form.control, name: "roleIds" });
  const removedRoles = group?.roles.filter((role) => !roleIds.includes(role.id)) ?? [];
  const groupsHref = `/organizations/${organizationId}/groups`;
  const parentKnown = parentGroupId !== null && groups.some((g) => g.id === parentGroupId);
  const parentLabel = parentGroupId === null ? null : parentKnown ? groupPath(groups, parentGroupId) : null;

  const { submit: onSubmit, formError } = useFormMutation(form, {
    duplicateField: "name",
    mutationFn: async (values: GroupOutput): Promise<string | null> => {
      const body = { ...values, description: values.description || null };
      if (group) {
        await api(groupRoutes.updateGroup, {
          params: { orgId: organizationId, groupId: group.id },
          body: { ...body, version: group.version },
        });
        return null;
      }
      return apiCreate(groupRoutes.createGroup, {
        params: { orgId: organizationId },
        body: { ...body, parentId: parentGroupId },
      });
    },
    onSuccess: async (createdId) => {
      toastSuccess(createdId ? GROUP_MESSAGES.groupAdded : GROUP_MESSAGES.groupUpdated);
      await refreshAccess(queryClient, organizationId);
      allowLeave();
      if (createdId) {
        await navigate({
          to: "/organizations/$organizationId/groups/$groupId/members",
          params: { organizationId, groupId: createdId },
        });
      } else {
        await navigate({ href: groupsHref });
      }
    },
  });

  const cancel = async () => {
    if (!(await confirmDiscard())) return;
    allowLeave();
    await navigate({ href: groupsHref });
  };

  const title = group ? "Edit group" : parentGroupId ? "Add sub-group" : "Add group";
  return (
    <Page
      title={title}
      description={
        <AccessBreadcrumbs
          items={[
            { label: "Access control", href: "/organizations" },
            { label: "Groups", href: groupsHref },
            { label: group?.name ?? title },
          ]}
        />
      }
      narrow
    >
      <form id="group-form" onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          <FormError message={formError} />
          {parentGroupId !== null && (
            <Alert variant="light" color="indigo" icon={<IconInfoCircle size={18} />}>
              {parentLabel ? (
                <>
                  {group ? "Sub-group of " : "The new group goes under "}
                  <Text span fw={600} inherit>
                    {parentLabel}
                  </Text>
                  {group ? ". Use Move group in the tree to change its location." : "."}
                </>
              ) : (
                "Sub-group of a group you cannot view."
              )}
            </Alert>
          )}
          <FormSection title="Details">
            <TextInput
              label="Name"
              required
              autoFocus={!group}
              {...form.register("name")}
              error={errors.name?.message}
            />
            <Textarea
              label="Description"
              autosize
              minRows={2}
              maxRows={5}
              {...form.register("description")}
              error={errors.description?.message}
            />
          </FormSection>
          <FormSection
            title="Role structure"
            description="The roles members of this group may be granted. A group can only be moved under a group whose role structure contains all of its roles."
          >
            <Controller
              control={form.control}
              name="roleIds"
              render={({ field }) => (
                <RoleMultiSelect
                  label="Roles"
                  roles={roles.data?.records ?? []}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.roleIds?.message}
                  placeholder={roles.isPending ? "Loading roles…" : "Choose roles"}
                  nothingFound="No roles found"
                />
              )}
            />
            {removedRoles.length > 0 && (
              <Alert color="orange" variant="light" title="Members lose removed roles">
                Members of this group who hold {removedRoles.map((r) => r.name).join(", ")} lose{" "}
                {removedRoles.length === 1 ? "it" : "them"} when you save.
              </Alert>
            )}
          </FormSection>
          <ModalFooter
            form="group-form"
            submitLabel={group ? "Save changes" : title}
            loading={isSubmitting}
            permission="MANAGE_GROUPS"
            onCancel={() => void cancel()}
          />
        </Stack>
      </form>
    </Page>
  );
}

export const GroupFormPage = gated(GroupFormScreen);
