import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Button,
  Checkbox,
  ColorInput,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { type CreateRole, createRoleSchema, ROLE_MESSAGES, type Role, roleRoutes } from "@signet/contract";
import { IconInfoCircle } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Controller, type Path, useForm } from "react-hook-form";
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
import { useHasPermission } from "../../../session/permissions.ts";
import { AccessBreadcrumbs } from "../AccessBreadcrumbs.tsx";
import { gated } from "../AccessDashboard.tsx";
import { accessQueries, refreshAccess } from "../access-queries.ts";
import { PERMISSION_LABELS, PERMISSION_SECTIONS, ROLE_COLOR_SWATCHES } from "./permission-groups.ts";

type RoleInput = z.input<typeof createRoleSchema>;
const FIELDS: Path<RoleInput>[] = ["name", "description", "roleColor", "permissions"];
const DEFAULT_COLOR = ROLE_COLOR_SWATCHES[0] ?? "#4263eb";

/** Spec §2 '/roles/new' and '/roles/:roleId/edit': name, description, colour and the twelve permissions. */
function RoleFormScreen({ organizationId, roleId }: { organizationId: string; roleId?: string }) {
  const existing = useQuery({ ...accessQueries.role(organizationId, roleId ?? ""), enabled: Boolean(roleId) });
  return (
    <>
      {roleId && !existing.data ? (
        existing.isError ? (
          <Page title="Edit role">
            <FormError message={errorMessage(existing.error)} />
          </Page>
        ) : (
          <Spinner />
        )
      ) : (
        <RoleForm key={existing.data?.version ?? "new"} organizationId={organizationId} role={existing.data} />
      )}
    </>
  );
}

function RoleForm({ organizationId, role }: { organizationId: string; role: Role | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canManageRoles = useHasPermission("MANAGE_ROLES");
  const readOnly = Boolean(role?.systemDefined) || !canManageRoles;
  const form = useForm<RoleInput, unknown, CreateRole>({
    resolver: zodResolver(createRoleSchema),
    defaultValues: {
      name: role?.name ?? "",
      description: role?.description ?? "",
      roleColor: role?.roleColor ?? DEFAULT_COLOR,
      permissions: role?.permissionNames ?? [],
    },
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  const { confirmDiscard, allowLeave } = useUnsavedChangesGuard(isDirty);
  const rolesHref = `/organizations/${organizationId}/roles`;

  const { submit: onSubmit, formError } = useFormMutation(form, {
    fields: FIELDS,
    duplicateField: "name",
    mutationFn: async (values) => {
      const body = { ...values, description: values.description || null };
      if (role) {
        await api(roleRoutes.updateRole, {
          params: { orgId: organizationId, roleId: role.id },
          body: { ...body, version: role.version },
        });
        toastSuccess(ROLE_MESSAGES.roleUpdated);
      } else {
        await apiCreate(roleRoutes.createRole, { params: { orgId: organizationId }, body });
        toastSuccess(ROLE_MESSAGES.roleAdded);
      }
      await refreshAccess(queryClient, organizationId);
      allowLeave();
      await navigate({ href: rolesHref });
    },
  });

  const cancel = async () => {
    if (!(await confirmDiscard())) return;
    allowLeave();
    await navigate({ href: rolesHref });
  };

  return (
    <Page
      title={role ? "Edit role" : "Add role"}
      description={
        <AccessBreadcrumbs
          items={[
            { label: "Access control", href: "/organizations" },
            { label: "Roles", href: rolesHref },
            { label: role?.name ?? "New role" },
          ]}
        />
      }
      narrow
    >
      <form id="role-form" onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          {role?.systemDefined && (
            <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} title="System-defined role">
              {ROLE_MESSAGES.systemDefinedRole}
            </Alert>
          )}
          <FormError message={formError} />
          <FormSection title="Details">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Name"
                required
                autoFocus={!role}
                readOnly={readOnly}
                {...form.register("name")}
                error={errors.name?.message}
              />
              <Controller
                control={form.control}
                name="roleColor"
                render={({ field }) => (
                  <ColorInput
                    label="Color"
                    description="Shown on the role's badges"
                    format="hex"
                    swatches={ROLE_COLOR_SWATCHES}
                    swatchesPerRow={6}
                    withEyeDropper={false}
                    readOnly={readOnly}
                    value={field.value ?? ""}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.roleColor?.message}
                  />
                )}
              />
            </SimpleGrid>
            <Textarea
              label="Description"
              autosize
              minRows={2}
              maxRows={5}
              readOnly={readOnly}
              {...form.register("description")}
              error={errors.description?.message}
            />
          </FormSection>

          <Paper withBorder p="lg">
            <Controller
              control={form.control}
              name="permissions"
              render={({ field }) => (
                <Checkbox.Group
                  label={
                    <Title order={2} fz="lg" component="span">
                      Permissions
                    </Title>
                  }
                  description="What holders of this role may do, in the groups where they hold it and their sub-groups."
                  value={field.value}
                  onChange={(value) => field.onChange(value)}
                  readOnly={readOnly}
                  error={errors.permissions?.message}
                >
                  <Stack gap="lg" mt="md">
                    {PERMISSION_SECTIONS.map((section) => (
                      <div key={section.title}>
                        <Text fw={600} size="sm" c="dark.5" mb="xs">
                          {section.title}
                        </Text>
                        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                          {section.permissions.map((name) => (
                            <Checkbox
                              key={name}
                              value={name}
                              label={PERMISSION_LABELS[name].label}
                              description={PERMISSION_LABELS[name].description}
                            />
                          ))}
                        </SimpleGrid>
                      </div>
                    ))}
                  </Stack>
                </Checkbox.Group>
              )}
            />
          </Paper>

          {role && (
            <Group gap="lg">
              <Text size="sm" c="dimmed">
                In {role.groupCount} {role.groupCount === 1 ? "group" : "groups"}, held by {role.memberCount}{" "}
                {role.memberCount === 1 ? "member" : "members"}.
              </Text>
            </Group>
          )}

          {role?.systemDefined ? (
            <Group justify="flex-end">
              <Button variant="default" onClick={() => void navigate({ href: rolesHref })}>
                Back to roles
              </Button>
            </Group>
          ) : (
            <ModalFooter
              form="role-form"
              submitLabel={role ? "Save changes" : "Add role"}
              loading={isSubmitting}
              permission="MANAGE_ROLES"
              onCancel={() => void cancel()}
            />
          )}
        </Stack>
      </form>
    </Page>
  );
}

export const RoleFormPage = gated(RoleFormScreen);
