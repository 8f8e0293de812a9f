import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, MultiSelect, PasswordInput, Select, Stack, Switch, TextInput } from "@mantine/core";
import {
  createIdentityProviderSchema,
  groupRoutes,
  type IdentityProvider,
  identityProviderRoutes,
  roleRoutes,
} from "@signet/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { api } from "../../../api/client.ts";
import { FormError } from "../../../components/FormError.tsx";
import { useFormMutation } from "../../../kit/use-form-mutation.ts";

// The contract's fields; on an edit the secret may stay empty (the stored one is kept).
const fields = createIdentityProviderSchema.shape;
const formSchema = z
  .object({
    name: fields.name,
    issuer: fields.issuer,
    clientId: fields.clientId,
    clientSecret: z.string().max(2000),
    scopes: z.string().trim().min(1, "Enter the scopes").pipe(fields.scopes.unwrap()),
    emailClaim: fields.emailClaim.unwrap(),
    givenNameClaim: fields.givenNameClaim.unwrap(),
    familyNameClaim: fields.familyNameClaim.unwrap(),
    enabled: z.boolean(),
    isDefault: z.boolean(),
    jitEnabled: z.boolean(),
    jitGroupId: z.string().nullable(),
    jitRoleIds: z.array(z.string()),
  })
  .refine((value) => !value.jitEnabled || value.jitGroupId, {
    path: ["jitGroupId"],
    message: "Choose the group that people created at sign-in join",
  });
type FormValues = z.input<typeof formSchema>;

export function IdentityProviderForm({
  organizationId,
  provider,
  onSaved,
  onDirtyChange,
}: {
  organizationId: string;
  provider: IdentityProvider | null;
  onSaved: (saved: IdentityProvider, created: boolean) => void | Promise<void>;
  /** so the dialog can ask before closing over unsaved changes */
  onDirtyChange: (dirty: boolean) => void;
}) {
  const form = useForm<FormValues>({
    mode: "onTouched",
    resolver: zodResolver(
      provider
        ? formSchema
        : formSchema.refine((value) => value.clientSecret.length > 0, {
            path: ["clientSecret"],
            message: "Enter the client secret",
          }),
    ),
    defaultValues: {
      name: provider?.name ?? "",
      issuer: provider?.issuer ?? "",
      clientId: provider?.clientId ?? "",
      clientSecret: "",
      scopes: provider?.scopes ?? "openid email profile",
      emailClaim: provider?.emailClaim ?? "email",
      givenNameClaim: provider?.givenNameClaim ?? "given_name",
      familyNameClaim: provider?.familyNameClaim ?? "family_name",
      enabled: provider?.enabled ?? true,
      isDefault: provider?.isDefault ?? false,
      jitEnabled: provider?.jitEnabled ?? false,
      jitGroupId: provider?.jitGroupId ?? null,
      jitRoleIds: provider?.jitRoleIds ?? [],
    },
  });
  const jitEnabled = form.watch("jitEnabled");
  const dirty = form.formState.isDirty;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const groups = useQuery({
    queryKey: ["identity-providers", organizationId, "groups"],
    queryFn: ({ signal }) => api(groupRoutes.listGroups, { params: { orgId: organizationId }, signal }),
    enabled: jitEnabled,
  });
  const roles = useQuery({
    queryKey: ["identity-providers", organizationId, "roles"],
    queryFn: ({ signal }) =>
      api(roleRoutes.listRoles, {
        params: { orgId: organizationId },
        query: { pageNumber: 1, pageSize: 100, sortBy: "name", sortDirection: "asc" },
        signal,
      }),
    enabled: jitEnabled,
  });

  // the API's reason beside its field where it names one, the rest above the form
  const { submit: onSubmit, formError: error } = useFormMutation(form, {
    mutationFn: async (values: FormValues) => {
      const { clientSecret, ...rest } = values;
      const body = { ...rest, ...(clientSecret ? { clientSecret } : {}) };
      const saved = provider
        ? await api(identityProviderRoutes.updateIdentityProvider, {
            params: { orgId: organizationId, providerId: provider.id },
            body: { version: provider.version, ...body },
          })
        : await api(identityProviderRoutes.createIdentityProvider, {
            params: { orgId: organizationId },
            body: { ...body, clientSecret },
          });
      return saved;
    },
    onSuccess: (saved) => onSaved(saved, provider === null),
  });

  const errors = form.formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <FormError message={error} />
        <TextInput
          label="Name"
          description='Shown on the sign-in button: "Sign in with …"'
          required
          {...form.register("name")}
          error={errors.name?.message}
        />
        <TextInput
          label="Issuer"
          description="The provider's issuer address; its discovery document is read from there"
          placeholder="https://login.example.com"
          required
          {...form.register("issuer")}
          error={errors.issuer?.message}
        />
        <TextInput label="Client ID" required {...form.register("clientId")} error={errors.clientId?.message} />
        <PasswordInput
          label="Client secret"
          description={provider ? "Leave empty to keep the stored secret" : "Stored encrypted; never shown again"}
          required={!provider}
          autoComplete="new-password"
          {...form.register("clientSecret")}
          error={errors.clientSecret?.message}
        />
        <TextInput label="Scopes" {...form.register("scopes")} error={errors.scopes?.message} />
        <Group grow align="flex-start">
          <TextInput label="Email claim" {...form.register("emailClaim")} error={errors.emailClaim?.message} />
          <TextInput
            label="First name claim"
            {...form.register("givenNameClaim")}
            error={errors.givenNameClaim?.message}
          />
          <TextInput
            label="Last name claim"
            {...form.register("familyNameClaim")}
            error={errors.familyNameClaim?.message}
          />
        </Group>
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <Switch label="Enabled" checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />
          )}
        />
        <Controller
          control={form.control}
          name="isDefault"
          render={({ field }) => (
            <Switch
              label="Default provider (the sign-in page can go straight to it)"
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
        <Controller
          control={form.control}
          name="jitEnabled"
          render={({ field }) => (
            <Switch
              label="Create people at their first sign-in"
              description="Otherwise only people already in this organization can sign in"
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
        {jitEnabled && (
          <>
            <Controller
              control={form.control}
              name="jitGroupId"
              render={({ field }) => (
                <Select
                  label="Group they join"
                  required
                  data={(groups.data?.records ?? []).map((group) => ({ value: group.id, label: group.name }))}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.jitGroupId?.message}
                  searchable
                />
              )}
            />
            <Controller
              control={form.control}
              name="jitRoleIds"
              render={({ field }) => (
                <MultiSelect
                  label="Roles they get in that group"
                  data={(roles.data?.records ?? []).map((role) => ({ value: role.id, label: role.name }))}
                  value={field.value}
                  onChange={field.onChange}
                  searchable
                />
              )}
            />
          </>
        )}
        <Group justify="flex-end" mt="sm">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {provider ? "Save identity provider" : "Add identity provider"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
