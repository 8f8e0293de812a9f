import { zodResolver } from "@hookform/resolvers/zod";
import { Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { formatPhone, USER_MESSAGES, type User, updateUserSchema, userRoutes } from "@signet/contract";
import { useQueryClient } from "@tanstack/react-query";
import { type Path, useForm } from "react-hook-form";
import type { z } from "zod";
import { api } from "../../../api/client.ts";
import { useSessionUser } from "../../../app/services-context.tsx";
import { FormError } from "../../../components/FormError.tsx";
import { ModalFooter } from "../../../components/ModalFooter.tsx";
import { toastSuccess } from "../../../components/toast.ts";
import { useUnsavedChangesGuard } from "../../../components/use-unsaved-changes-guard.ts";
import { useFormMutation } from "../../../kit/use-form-mutation.ts";
import { useHasPermission } from "../../../session/permissions.ts";
import { refreshAccess } from "../access-queries.ts";

// The profile form: the contract's update fields a person edits (the version travels separately).
const profileSchema = updateUserSchema.pick({
  givenName: true,
  familyName: true,
  middleName: true,
  phoneNumber: true,
  mfaPhoneNumber: true,
});
type ProfileInput = z.input<typeof profileSchema>;
type ProfileOutput = z.output<typeof profileSchema>;
const FIELDS: Path<ProfileInput>[] = ["givenName", "familyName", "middleName", "phoneNumber", "mfaPhoneNumber"];

/** The person's details, edited in their home organization. */
export function ProfileForm({ organizationId, user }: { organizationId: string; user: User }) {
  const queryClient = useQueryClient();
  const me = useSessionUser();
  // Profile fields belong to the person: only their home organization (or support) edits them.
  const homeHere = user.homeOrganizationId === organizationId || Boolean(me?.supportUser);
  const canManage = useHasPermission("MANAGE_USERS") && homeHere;
  const defaults: ProfileInput = {
    givenName: user.givenName,
    familyName: user.familyName,
    middleName: user.middleName ?? "",
    phoneNumber: formatPhone(user.phoneNumber),
    mfaPhoneNumber: formatPhone(user.mfaPhoneNumber),
  };
  const form = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(profileSchema),
    defaultValues: defaults,
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  const { confirmDiscard } = useUnsavedChangesGuard(isDirty);

  const {
    submit: onSubmit,
    formError,
    mutation,
  } = useFormMutation(form, {
    fields: FIELDS,
    mutationFn: async (values) => {
      await api(userRoutes.updateUser, {
        params: { orgId: organizationId, userId: user.id },
        body: { ...values, version: user.version },
      });
      toastSuccess(USER_MESSAGES.userUpdated);
      form.reset(form.getValues());
      await refreshAccess(queryClient, organizationId);
    },
  });

  const discard = async () => {
    if (!(await confirmDiscard())) return;
    mutation.reset();
    form.reset(defaults);
  };

  return (
    <Paper withBorder p="lg">
      <form id="user-profile-form" onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={3} fz="lg">
            Details
          </Title>
          {!homeHere && (
            <Text size="sm" c="dimmed">
              {USER_MESSAGES.profileEditableInHomeOrganization}
            </Text>
          )}
          <FormError message={formError} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="First name"
              required
              readOnly={!canManage}
              {...form.register("givenName")}
              error={errors.givenName?.message}
            />
            <TextInput
              label="Last name"
              required
              readOnly={!canManage}
              {...form.register("familyName")}
              error={errors.familyName?.message}
            />
          </SimpleGrid>
          <TextInput
            label="Middle name"
            readOnly={!canManage}
            {...form.register("middleName")}
            error={errors.middleName?.message}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Phone number"
              type="tel"
              placeholder="123-456-7890"
              readOnly={!canManage}
              {...form.register("phoneNumber")}
              error={errors.phoneNumber?.message}
            />
            <TextInput
              label="MFA phone number"
              description="Where sign-in codes are sent (ten digits)"
              type="tel"
              placeholder="123-456-7890"
              readOnly={!canManage}
              {...form.register("mfaPhoneNumber")}
              error={errors.mfaPhoneNumber?.message}
            />
          </SimpleGrid>
          {homeHere && (
            <ModalFooter
              form="user-profile-form"
              submitLabel="Save changes"
              cancelLabel="Discard"
              loading={isSubmitting}
              permission="MANAGE_USERS"
              onCancel={() => void discard()}
            />
          )}
        </Stack>
      </form>
    </Paper>
  );
}
