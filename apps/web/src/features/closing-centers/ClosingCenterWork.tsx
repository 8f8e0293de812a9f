import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Modal, Select, Stack, Text, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import {
  type ClosingCenterPermission,
  DEFAULT_PARTICIPANT_TYPES,
  type PackageStatus,
  participantRoutes,
} from "@signet/contract";
import { IconFileUpload, IconUserPlus } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { api } from "../../api/client.ts";
import { FormError } from "../../components/FormError.tsx";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { useFormMutation } from "../../kit/use-form-mutation.ts";
import { uploadFile } from "../packages/builder/documents-step/upload-file.ts";
import { invalidatePackage } from "../packages/package-queries.ts";
import { GuardedButton } from "../settings/webhooks/GuardedControls.tsx";
import { NOT_GRANTED_REASON } from "./use-closing-center-grants.ts";

const DRAFT_ONLY_REASON = "Documents and participants change only while the package is a draft";

/**
 * What a closing-center user may change on a draft package (issue 16 §3): upload a document and add
 * a participant, each where their share allows it. A control they may not use stays, disabled, with why.
 */
export function ClosingCenterWork({
  organizationId,
  packageId,
  status,
  grants,
}: {
  organizationId: string;
  packageId: string;
  status: PackageStatus;
  grants: readonly ClosingCenterPermission[];
}) {
  const client = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [addOpen, setAddOpen] = useState(false);
  const reason = (grant: ClosingCenterPermission) =>
    !grants.includes(grant) ? NOT_GRANTED_REASON : status !== "STARTED" ? DRAFT_ONLY_REASON : null;

  // uploadFile answers a refusal rather than throwing it: the mutation's result says which
  const upload = useMutation({
    mutationFn: (file: File) =>
      uploadFile(
        { orgId: organizationId, packageId },
        file,
        { name: file.name.replace(/\.pdf$/i, "") },
        () => undefined,
        new AbortController().signal,
      ),
    onSuccess: (result, file) => {
      if (result.ok) toastSuccess(`${file.name} uploaded.`);
      else toastError(result.message ?? "Upload failed.");
    },
    onSettled: () => {
      if (fileInput.current) fileInput.current.value = "";
      return invalidatePackage(client, organizationId, packageId);
    },
  });
  return (
    <Group gap="sm" mt="sm" wrap="wrap">
      <input
        ref={fileInput}
        type="file"
        accept="application/pdf"
        hidden
        aria-label="Document to upload"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) upload.mutate(file);
        }}
      />
      <GuardedButton
        variant="default"
        leftSection={<IconFileUpload size={16} aria-hidden />}
        reason={reason("UPLOAD_DOCUMENTS")}
        loading={upload.isPending}
        onClick={() => fileInput.current?.click()}
      >
        Upload document
      </GuardedButton>
      <GuardedButton
        variant="default"
        leftSection={<IconUserPlus size={16} aria-hidden />}
        reason={reason("EDIT_PARTICIPANTS")}
        onClick={() => setAddOpen(true)}
      >
        Add participant
      </GuardedButton>
      <AddParticipantModal
        organizationId={organizationId}
        packageId={packageId}
        opened={addOpen}
        onClose={() => setAddOpen(false)}
      />
    </Group>
  );
}

const participantForm = z.object({
  type: z.string().min(1, "Choose the participant's type"),
  givenName: z.string().trim().min(1, "First name is required").max(100),
  familyName: z.string().trim().min(1, "Last name is required").max(100),
  email: z.string().trim().toLowerCase().pipe(z.email("Enter an email address")),
});
type ParticipantForm = z.infer<typeof participantForm>;

function AddParticipantModal({
  organizationId,
  packageId,
  opened,
  onClose,
}: {
  organizationId: string;
  packageId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery("(max-width: 48em)");
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Add participant"
      centered
      fullScreen={phone}
      closeButtonProps={{ "aria-label": "Close" }}
    >
      {opened && <AddParticipantForm organizationId={organizationId} packageId={packageId} onDone={onClose} />}
    </Modal>
  );
}

function AddParticipantForm({
  organizationId,
  packageId,
  onDone,
}: {
  organizationId: string;
  packageId: string;
  onDone: () => void;
}) {
  const client = useQueryClient();
  const form = useForm<ParticipantForm>({
    resolver: zodResolver(participantForm),
    mode: "onTouched",
    defaultValues: { type: "Borrower", givenName: "", familyName: "", email: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const { submit, formError } = useFormMutation(form, {
    mutationFn: (values: ParticipantForm) =>
      api(participantRoutes.addParticipant, {
        params: { orgId: organizationId, packageId },
        body: values,
        passThrough: true,
      }),
    onSuccess: async (_added, values) => {
      toastSuccess(`${values.givenName} ${values.familyName} added.`);
      await invalidatePackage(client, organizationId, packageId);
      onDone();
    },
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Add participant">
      <Stack gap="md">
        <FormError message={formError} />
        <Text size="sm" c="dimmed">
          They sign by email once the lender sends the package.
        </Text>
        <Controller
          control={form.control}
          name="type"
          render={({ field }) => (
            <Select
              label="Participant type"
              data={[...DEFAULT_PARTICIPANT_TYPES]}
              value={field.value}
              allowDeselect={false}
              onChange={(value) => value && field.onChange(value)}
              error={errors.type?.message}
            />
          )}
        />
        <TextInput
          label="First name"
          required
          data-autofocus
          {...form.register("givenName")}
          error={errors.givenName?.message}
        />
        <TextInput label="Last name" required {...form.register("familyName")} error={errors.familyName?.message} />
        <TextInput label="Email" type="email" required {...form.register("email")} error={errors.email?.message} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Add participant
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
