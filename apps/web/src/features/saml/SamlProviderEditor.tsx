import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, Paper, Stack, Textarea, TextInput } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Page } from "../../components/Page.tsx";
import { useUnsavedChangesGuard } from "../../components/use-unsaved-changes-guard.ts";

// Local until the contract has SAML provider schemas (the SAML connections issue adds them).
const samlProviderFormSchema = z.object({
  name: z.string().trim().min(1, "Enter a name.").max(120),
  entityId: z.string().trim().min(1, "Enter the identity provider's entity ID.").max(500),
  ssoUrl: z.url("Enter a valid URL."),
  certificate: z.string().trim().min(1, "Paste the signing certificate (PEM)."),
});
type Values = z.input<typeof samlProviderFormSchema>;

/** Spec §2: the SAML provider editor, with the unsaved-changes exit guard. */
export function SamlProviderEditor({ samlProviderId }: { samlProviderId?: string }) {
  const navigate = useNavigate();
  const form = useForm<Values>({
    resolver: zodResolver(samlProviderFormSchema),
    defaultValues: { name: "", entityId: "", ssoUrl: "", certificate: "" },
  });
  const { errors, isDirty } = form.formState;
  const { confirmDiscard, allowLeave } = useUnsavedChangesGuard(isDirty);

  const cancel = async () => {
    if (!(await confirmDiscard())) return;
    allowLeave();
    await navigate({ to: "/saml-providers" });
  };

  return (
    <Page
      title={samlProviderId ? "Edit SAML provider" : "New SAML provider"}
      description="Let users of an organization sign in through their identity provider."
      narrow
    >
      <Paper withBorder p="lg">
        <form onSubmit={form.handleSubmit(() => {})} noValidate>
          <Stack gap="md">
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
              Saving SAML providers arrives with the SAML connections release.
            </Alert>
            <TextInput label="Name" required {...form.register("name")} error={errors.name?.message} />
            <TextInput label="Entity ID" required {...form.register("entityId")} error={errors.entityId?.message} />
            <TextInput
              label="Single sign-on URL"
              type="url"
              required
              {...form.register("ssoUrl")}
              error={errors.ssoUrl?.message}
            />
            <Textarea
              label="Signing certificate"
              description="PEM, including the BEGIN/END lines"
              autosize
              minRows={4}
              required
              styles={{ input: { fontFamily: "monospace" } }}
              {...form.register("certificate")}
              error={errors.certificate?.message}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => void cancel()}>
                Cancel
              </Button>
              <Button type="submit" disabled>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Page>
  );
}
