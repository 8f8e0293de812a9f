import { zodResolver } from "@hookform/resolvers/zod";
import { Modal, Stack, Text } from "@mantine/core";
import {
  type Group,
  type GroupMember,
  MEMBERSHIP_MESSAGES,
  membershipRoutes,
  type SetMemberRoles,
  setMemberRolesSchema,
} from "@signet/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Controller, type Path, useForm } from "react-hook-form";
import type { z } from "zod";
import { api } from "../../../api/client.ts";
import { DialogTitle } from "../../../components/ConfirmDialog.tsx";
import { FormError } from "../../../components/FormError.tsx";
import { ModalFooter } from "../../../components/ModalFooter.tsx";
import { toastSuccess } from "../../../components/toast.ts";
import { useFormMutation } from "../../../kit/use-form-mutation.ts";
import { refreshAccess } from "../access-queries.ts";
import { fullName } from "../format.ts";
import { RoleBadge } from "./RoleBadge.tsx";
import { RoleMultiSelect } from "./RoleStructureSelect.tsx";

type Input = z.input<typeof setMemberRolesSchema>;
const FIELDS: Path<Input>[] = ["roleIds"];

/** Change a member's roles in the group (own roles; inherited ones are managed where they were granted). */
export function MemberRolesModal({
  organizationId,
  group,
  member,
  onClose,
}: {
  organizationId: string;
  group: Group;
  member: GroupMember | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<Input, unknown, SetMemberRoles>({
    resolver: zodResolver(setMemberRolesSchema),
    defaultValues: { roleIds: [] },
  });
  const { errors, isSubmitting } = form.formState;
  const {
    submit: onSubmit,
    formError,
    mutation,
  } = useFormMutation(form, {
    fields: FIELDS,
    mutationFn: async (values: SetMemberRoles) => {
      if (!member) return;
      await api(membershipRoutes.setMemberRoles, {
        params: { orgId: organizationId, groupId: group.id, userId: member.userId },
        body: values,
      });
    },
    onSuccess: async () => {
      toastSuccess(MEMBERSHIP_MESSAGES.memberRolesUpdated);
      await refreshAccess(queryClient, organizationId);
      onClose();
    },
  });
  const { reset: resetMutation } = mutation;
  useEffect(() => {
    if (member) {
      form.reset({ roleIds: member.roles.filter((r) => !r.inherited).map((r) => r.id) });
      resetMutation();
    }
  }, [member, form, resetMutation]);

  const inherited = member?.roles.filter((r) => r.inherited) ?? [];
  return (
    <Modal
      opened={member !== null}
      onClose={() => !isSubmitting && onClose()}
      title={<DialogTitle title={member ? `Roles of ${fullName(member)}` : "Member roles"} />}
      size="lg"
      centered
    >
      <form id="member-roles-form" onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormError message={formError} />
          <Controller
            control={form.control}
            name="roleIds"
            render={({ field }) => (
              <RoleMultiSelect
                label={`Roles in ${group.name}`}
                description="From the group's role structure"
                roles={group.roles}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.roleIds?.message}
                placeholder="Choose roles"
                nothingFound="No more roles in the group's role structure"
              />
            )}
          />
          {inherited.length > 0 && (
            <Stack gap={6}>
              <Text size="sm" c="dimmed">
                Also inherited from a parent group (change them there):
              </Text>
              <Stack gap={4} align="flex-start">
                {inherited.map((role) => (
                  <RoleBadge key={role.id} name={role.name} color={role.roleColor} inherited />
                ))}
              </Stack>
            </Stack>
          )}
          <ModalFooter
            form="member-roles-form"
            submitLabel="Save roles"
            loading={isSubmitting}
            permission="MANAGE_ROLES"
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
