import { zodResolver } from "@hookform/resolvers/zod";
import {
  Group as MantineGroup,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import {
  type CreateUserInvitation,
  type CreateUserInvitationInput,
  createUserInvitationSchema,
  groupPath,
  invitationRoutes,
} from "@signet/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useMemo } from "react";
import { Controller, type Path, useForm, useWatch } from "react-hook-form";
import { api } from "../../../api/client.ts";
import { FormError } from "../../../components/FormError.tsx";
import { FormSection } from "../../../components/FormSection.tsx";
import { ModalFooter } from "../../../components/ModalFooter.tsx";
import { Page } from "../../../components/Page.tsx";
import { toastSuccess } from "../../../components/toast.ts";
import { useUnsavedChangesGuard } from "../../../components/use-unsaved-changes-guard.ts";
import { useFormMutation } from "../../../kit/use-form-mutation.ts";
import { AccessBreadcrumbs } from "../AccessBreadcrumbs.tsx";
import { gated } from "../AccessDashboard.tsx";
import { accessQueries, refreshAccess } from "../access-queries.ts";
import { RoleColorDot } from "../groups/RoleBadge.tsx";
import { inviteSuccessMessage } from "./invite-success-message.ts";

const FIELDS: Path<CreateUserInvitationInput>[] = ["email", "givenName", "familyName", "groupId", "roleIds"];

/**
 * Spec §2 '/users/new': invite someone by email (a registration link goes out), optionally straight
 * into a group with roles of that group's role structure.
 */
function InviteUserScreen({ organizationId }: { organizationId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const groups = useQuery(accessQueries.groups(organizationId));
  const form = useForm<CreateUserInvitationInput, unknown, CreateUserInvitation>({
    resolver: zodResolver(createUserInvitationSchema),
    defaultValues: { email: "", givenName: "", familyName: "", groupId: undefined, roleIds: [] },
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  const { confirmDiscard, allowLeave } = useUnsavedChangesGuard(isDirty);
  const groupId = useWatch({ control: form.control, name: "groupId" });
  const usersHref = `/organizations/${organizationId}/users`;

  const groupOptions = useMemo(() => {
    const records = groups.data?.records ?? [];
    return records
      .filter((group) => group.canManage)
      .map((group) => ({ value: group.id, label: groupPath(records, group.id) }));
  }, [groups.data]);
  const selectedGroup = groups.data?.records.find((group) => group.id === groupId);
  const roleOptions = (selectedGroup?.roles ?? []).map((role) => ({ value: role.id, label: role.name }));
  const roleColor = (id: string) => selectedGroup?.roles.find((role) => role.id === id)?.roleColor ?? null;

  const { submit: onSubmit, formError } = useFormMutation(form, {
    fields: FIELDS,
    duplicateField: "email",
    mutationFn: async (values) => {
      const result = await api(invitationRoutes.createUserInvitation, {
        params: { orgId: organizationId },
        body: values,
      });
      const chosenRoles = (selectedGroup?.roles ?? []).filter((role) => values.roleIds.includes(role.id));
      toastSuccess(
        inviteSuccessMessage(
          result.outcome,
          values.email,
          selectedGroup?.name ?? null,
          chosenRoles.map((role) => role.name),
        ),
      );
      await refreshAccess(queryClient, organizationId);
      allowLeave();
      await navigate({ href: usersHref });
    },
  });

  const cancel = async () => {
    if (!(await confirmDiscard())) return;
    allowLeave();
    await navigate({ href: usersHref });
  };

  return (
    <Page
      title="Add user"
      description={
        <AccessBreadcrumbs
          items={[
            { label: "Access control", href: "/organizations" },
            { label: "Users", href: usersHref },
            { label: "Add user" },
          ]}
        />
      }
      narrow
    >
      <form id="invite-user-form" onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          <FormError message={formError} />
          <FormSection
            title="Who"
            description="We email an invitation with a link to create the account. Someone who already has an account in another organization is added at once."
          >
            <TextInput
              label="Email address"
              type="email"
              required
              autoFocus
              autoComplete="off"
              {...form.register("email")}
              error={errors.email?.message}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="First name"
                required
                {...form.register("givenName")}
                error={errors.givenName?.message}
              />
              <TextInput
                label="Last name"
                required
                {...form.register("familyName")}
                error={errors.familyName?.message}
              />
            </SimpleGrid>
          </FormSection>
          <Paper withBorder p="lg">
            <Stack gap="md">
              <div>
                <Title order={2} fz="lg">
                  Group and roles{" "}
                  <Text span c="dimmed" fz="sm" fw={400}>
                    (optional)
                  </Text>
                </Title>
                <Text size="sm" c="dimmed">
                  The new user joins this group with these roles once the account is verified.
                </Text>
              </div>
              <Controller
                control={form.control}
                name="groupId"
                render={({ field }) => (
                  <Select
                    label="Group"
                    placeholder={groups.isPending ? "Loading groups…" : "No group"}
                    data={groupOptions}
                    searchable
                    clearable
                    nothingFoundMessage="No group found"
                    value={field.value ?? null}
                    onChange={(value) => {
                      field.onChange(value ?? undefined);
                      form.setValue("roleIds", [], { shouldDirty: true });
                    }}
                    onBlur={field.onBlur}
                    error={errors.groupId?.message}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="roleIds"
                render={({ field }) => (
                  <MultiSelect
                    label="Roles"
                    description={
                      selectedGroup
                        ? "Roles of the group's role structure"
                        : "Choose a group first: roles are granted in a group"
                    }
                    placeholder={selectedGroup ? "Choose roles" : undefined}
                    data={roleOptions}
                    disabled={!selectedGroup}
                    value={field.value ?? []}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    nothingFoundMessage="This group has no roles in its role structure"
                    renderOption={({ option }) => (
                      <MantineGroup gap={8} wrap="nowrap">
                        <RoleColorDot color={roleColor(option.value)} />
                        <span>{option.label}</span>
                      </MantineGroup>
                    )}
                    error={errors.roleIds?.message}
                  />
                )}
              />
            </Stack>
          </Paper>
          <ModalFooter
            form="invite-user-form"
            submitLabel="Add user"
            loading={isSubmitting}
            permission="MANAGE_USERS"
            onCancel={() => void cancel()}
          />
        </Stack>
      </form>
    </Page>
  );
}

export const InviteUserPage = gated(InviteUserScreen);
