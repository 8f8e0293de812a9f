import { zodResolver } from "@hookform/resolvers/zod";
import { Modal, MultiSelect, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { apiClientRoutes, type CreateApiUser, createApiUserSchema, groupPath } from "@signet/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { Controller, type Path, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { api } from "../../../api/client.ts";
import { FormError } from "../../../components/FormError.tsx";
import { ModalFooter } from "../../../components/ModalFooter.tsx";
import { toastSuccess } from "../../../components/toast.ts";
import { useFormMutation } from "../../../kit/use-form-mutation.ts";
import { accessQueries, refreshAccess } from "../access-queries.ts";

type Values = z.output<typeof createApiUserSchema>;
const FIELDS: Path<CreateApiUser>[] = ["name", "description", "groupId", "roleIds"];

/** Adds an API user: a name, and like a person a group with roles of that group. */
export function CreateApiUserModal({
  organizationId,
  opened,
  onClose,
}: {
  organizationId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const groups = useQuery({ ...accessQueries.groups(organizationId), enabled: opened });
  const form = useForm<CreateApiUser, unknown, Values>({
    resolver: zodResolver(createApiUserSchema),
    defaultValues: { name: "", description: "", groupId: undefined, roleIds: [] },
  });
  const { errors, isSubmitting } = form.formState;
  const groupId = useWatch({ control: form.control, name: "groupId" });
  const groupOptions = useMemo(() => {
    const records = groups.data?.records ?? [];
    return records.filter((g) => g.canManage).map((g) => ({ value: g.id, label: groupPath(records, g.id) }));
  }, [groups.data]);
  const selectedGroup = groups.data?.records.find((g) => g.id === groupId);

  const {
    submit: onSubmit,
    formError,
    mutation,
  } = useFormMutation(form, {
    fields: FIELDS,
    mutationFn: (values: Values) =>
      api(apiClientRoutes.createApiUser, {
        params: { orgId: organizationId },
        body: { ...values, description: values.description || undefined },
      }),
    onSuccess: async (created) => {
      toastSuccess(`API user ${created.name} added. Add a client to give it credentials.`);
      await refreshAccess(queryClient, organizationId);
      close();
    },
  });

  function close() {
    form.reset();
    mutation.reset();
    onClose();
  }

  return (
    <Modal opened={opened} onClose={close} title="Add API user" closeButtonProps={{ "aria-label": "Close" }}>
      <form id="create-api-user-form" onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormError message={formError} />
          <TextInput
            label="Name"
            description="The system that will call Signet, e.g. Loan origination"
            required
            data-autofocus
            {...form.register("name")}
            error={errors.name?.message}
          />
          <Textarea label="Description" autosize minRows={2} {...form.register("description")} />
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
                value={field.value ?? null}
                onChange={(value) => {
                  field.onChange(value ?? undefined);
                  form.setValue("roleIds", []);
                }}
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
                description={selectedGroup ? "What the API user may do, as for a person" : "Choose a group first"}
                data={(selectedGroup?.roles ?? []).map((role) => ({ value: role.id, label: role.name }))}
                disabled={!selectedGroup}
                value={field.value ?? []}
                onChange={field.onChange}
              />
            )}
          />
        </Stack>
        <ModalFooter
          submitLabel="Add API user"
          form="create-api-user-form"
          loading={isSubmitting}
          permission="MANAGE_USERS"
          onCancel={close}
        />
      </form>
    </Modal>
  );
}
