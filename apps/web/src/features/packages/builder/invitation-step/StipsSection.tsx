import { zodResolver } from "@hookform/resolvers/zod";
import { ActionIcon, Button, Checkbox, Group, Select, SimpleGrid, Text, TextInput, Tooltip } from "@mantine/core";
import { createStipSchema, dataCollectionRoutes, type Stip } from "@signet/contract";
import { IconX } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { api } from "../../../../api/client.ts";
import { openConfirmDialog } from "../../../../components/ConfirmDialog.tsx";
import { type Column, DataTable } from "../../../../components/data-table/DataTable.tsx";
import { FormSection } from "../../../../components/FormSection.tsx";
import { useFormMutation } from "../../../../kit/use-form-mutation.ts";
import { packageQueries } from "../../package-queries.ts";
import { READ_ONLY_REASON, useBuilder } from "../builder-context.tsx";
import { useBuilderCall } from "../use-builder-call.ts";

// The contract's create schema without the description, which the builder does not ask for.
const stipFormSchema = createStipSchema.pick({ participantId: true, name: true, required: true });
type StipInput = z.input<typeof stipFormSchema>;
type StipOutput = z.output<typeof stipFormSchema>;

/** Signer uploads (stips): files the package asks participants for (spec §3, issue 4 §5). */
export function StipsSection() {
  const { organizationId, packageId, readOnly } = useBuilder();
  const call = useBuilderCall();
  const params = { orgId: organizationId, packageId };
  const participants = useQuery(packageQueries.participants(organizationId, packageId));
  const stips = useQuery({
    queryKey: ["packages", organizationId, packageId, "stips"],
    queryFn: ({ signal }) => api(dataCollectionRoutes.listStips, { params, signal }),
  });
  const who = (id: string) =>
    participants.data?.records.find((participant) => participant.id === id)?.displayName ?? "—";

  async function remove(stip: Stip) {
    const ok = await openConfirmDialog({
      title: "Remove signer upload",
      message: `Stop asking ${who(stip.participantId)} for "${stip.name}"?`,
      confirmLabel: "Remove",
      confirmColor: "red",
    });
    if (!ok) return;
    await call(() =>
      api(dataCollectionRoutes.deleteStip, {
        params: { ...params, stipId: stip.id },
        query: { version: stip.version },
        passThrough: true,
      }),
    );
  }

  const columns: Column<Stip>[] = [
    { key: "name", label: "Upload", render: (stip) => stip.name },
    { key: "from", label: "From", render: (stip) => who(stip.participantId) },
    { key: "required", label: "Required", render: (stip) => (stip.required ? "Required" : "Optional") },
    {
      key: "remove",
      label: "Remove",
      labelHidden: true,
      width: 40,
      render: (stip) => (
        <Tooltip label={readOnly ? READ_ONLY_REASON : "Remove"}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${stip.name}`}
            disabled={readOnly}
            onClick={() => void remove(stip)}
          >
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];

  const records = stips.data?.records ?? [];
  return (
    <FormSection title="Signer uploads" description="Files participants upload while signing, such as a photo ID.">
      {records.length > 0 ? (
        <DataTable
          label="Signer uploads"
          columns={columns}
          rows={records}
          rowKey={(stip) => stip.id}
          empty={null}
          framed={false}
          minWidth={480}
        />
      ) : (
        <Text size="sm" c="dimmed">
          No signer uploads requested.
        </Text>
      )}
      {!readOnly && <RequestUploadForm />}
    </FormSection>
  );
}

/** Asks a participant for a file; the builder's save counter and toasts report the save. */
function RequestUploadForm() {
  const { organizationId, packageId } = useBuilder();
  const call = useBuilderCall();
  const participants = useQuery(packageQueries.participants(organizationId, packageId));
  const form = useForm<StipInput, unknown, StipOutput>({
    resolver: zodResolver(stipFormSchema),
    defaultValues: { participantId: "", name: "", required: true },
  });
  const [participantId, name] = useWatch({ control: form.control, name: ["participantId", "name"] });
  const { submit } = useFormMutation(form, {
    mutationFn: (values: StipOutput) =>
      call(() =>
        api(dataCollectionRoutes.createStip, {
          params: { orgId: organizationId, packageId },
          body: values,
          passThrough: true,
        }),
      ),
    // the participant and Required stay for the next request
    onSuccess: (saved) => saved && form.resetField("name"),
  });
  return (
    <form aria-label="Request a signer upload" onSubmit={submit}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Controller
          control={form.control}
          name="participantId"
          render={({ field }) => (
            <Select
              label="Upload from"
              data={(participants.data?.records ?? []).map((participant) => ({
                value: participant.id,
                label: participant.displayName,
              }))}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? "")}
              onBlur={field.onBlur}
            />
          )}
        />
        <TextInput label="Upload name" maxLength={200} {...form.register("name")} />
        <Group align="flex-end" gap="sm">
          <Controller
            control={form.control}
            name="required"
            render={({ field }) => (
              <Checkbox
                label="Required"
                checked={field.value ?? true}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
              />
            )}
          />
          <Button type="submit" disabled={!participantId || !name?.trim()}>
            Request upload
          </Button>
        </Group>
      </SimpleGrid>
    </form>
  );
}
