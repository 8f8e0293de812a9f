import { zodResolver } from "@hookform/resolvers/zod";
import { Modal, MultiSelect, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import {
  type AddGroupMembers,
  addGroupMembersSchema,
  type Group,
  MEMBERSHIP_MESSAGES,
  membershipRoutes,
  type UserBaseInfo,
} from "@signet/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Controller, type Path, useForm } from "react-hook-form";
import type { z } from "zod";
import { api } from "../../../api/client.ts";
import { DialogTitle } from "../../../components/ConfirmDialog.tsx";
import { FormError } from "../../../components/FormError.tsx";
import { ModalFooter } from "../../../components/ModalFooter.tsx";
import { toastSuccess } from "../../../components/toast.ts";
import { useFormMutation } from "../../../kit/use-form-mutation.ts";
import { accessQueries, refreshAccess } from "../access-queries.ts";
import { fullName } from "../format.ts";
import { RoleMultiSelect } from "./RoleStructureSelect.tsx";

type Input = z.input<typeof addGroupMembersSchema>;
const FIELDS: Path<Input>[] = ["userIds", "roleIds"];

/**
 * Add members with roles (spec §6: needs MANAGE_GROUPS and MANAGE_ROLES): users from users-base-info,
 * roles limited to the group's role structure.
 */
export function AddMembersModal({
  organizationId,
  group,
  opened,
  onClose,
}: {
  organizationId: string;
  group: Group;
  opened: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search.trim(), 250);
  const users = useQuery({ ...accessQueries.usersBaseInfo(organizationId, debouncedSearch), enabled: opened });
  // Chosen users keep their labels while the search shows others.
  const known = useRef(new Map<string, UserBaseInfo>());
  for (const user of users.data ?? []) known.current.set(user.id, user);

  const form = useForm<Input, unknown, AddGroupMembers>({
    resolver: zodResolver(addGroupMembersSchema),
    defaultValues: { userIds: [], roleIds: [] },
  });
  const { errors, isSubmitting } = form.formState;
  const {
    submit: onSubmit,
    formError,
    mutation,
  } = useFormMutation(form, {
    fields: FIELDS,
    mutationFn: (values: AddGroupMembers) =>
      api(membershipRoutes.addGroupMembers, { params: { orgId: organizationId, groupId: group.id }, body: values }),
    onSuccess: async (_added, values) => {
      toastSuccess(values.userIds.length === 1 ? MEMBERSHIP_MESSAGES.memberAdded : MEMBERSHIP_MESSAGES.membersAdded);
      await refreshAccess(queryClient, organizationId);
      onClose();
    },
  });
  const { reset: resetMutation } = mutation;
  useEffect(() => {
    if (opened) {
      form.reset({ userIds: [], roleIds: group.roles.length === 1 ? group.roles.map((r) => r.id) : [] });
      resetMutation();
      setSearch("");
    }
  }, [opened, form, group.roles, resetMutation]);

  const selected = form.watch("userIds");
  const options = [
    ...new Map(
      [...selected.map((id) => known.current.get(id)), ...(users.data ?? [])]
        .filter((u): u is UserBaseInfo => u !== undefined)
        .map((u) => [u.id, { value: u.id, label: `${fullName(u)} (${u.email})` }]),
    ).values(),
  ];

  return (
    <Modal
      opened={opened}
      onClose={() => !isSubmitting && onClose()}
      title={<DialogTitle title={`Add members to ${group.name}`} />}
      size="lg"
      centered
    >
      <form id="add-members-form" onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormError message={formError} />
          <Controller
            control={form.control}
            name="userIds"
            render={({ field }) => (
              <MultiSelect
                label="Users"
                description="Search by name or email"
                placeholder={field.value.length === 0 ? "Choose users" : undefined}
                data={options}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                searchable
                searchValue={search}
                onSearchChange={setSearch}
                filter={({ options: items }) => items}
                hidePickedOptions
                nothingFoundMessage={users.isFetching ? "Searching…" : "No user found"}
                error={errors.userIds?.message}
                comboboxProps={{ withinPortal: true }}
                data-autofocus
              />
            )}
          />
          <Controller
            control={form.control}
            name="roleIds"
            render={({ field }) => (
              <RoleMultiSelect
                label="Roles"
                description="From the group's role structure"
                roles={group.roles}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.roleIds?.message}
                placeholder="Choose roles"
                nothingFound="This group has no roles in its role structure: edit the group first"
              />
            )}
          />
          {group.roles.length === 0 && (
            <Text size="sm" c="orange.8">
              This group has no roles in its role structure yet. Edit the group to add roles first.
            </Text>
          )}
          <ModalFooter
            form="add-members-form"
            submitLabel="Add members"
            loading={isSubmitting}
            permission="MANAGE_ROLES"
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
