import { Button, Group, Stack } from "@mantine/core";
import { WATERMARK_MESSAGES, type WatermarkTemplate, watermarkRoutes } from "@signet/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { openConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { openPreviewPdf } from "./open-preview-pdf.ts";
import { WatermarkFields } from "./WatermarkFields.tsx";
import { sameValues, valuesOf, type WatermarkValues, watermarkProblems } from "./watermark-form.ts";
import { refreshWatermarks } from "./watermark-queries.ts";

/** The system default's fields; saving asks first, since every organization falls back to it. */
export function SystemDefaultEditor({
  organizationId,
  template,
  canChange,
  onDirty,
}: {
  organizationId: string;
  template: WatermarkTemplate;
  canChange: boolean;
  onDirty: (dirty: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [initial] = useState(() => valuesOf(template));
  const [values, setValues] = useState(initial);
  const problems = watermarkProblems(values, false);
  const change = (next: WatermarkValues) => {
    setValues(next);
    onDirty(!sameValues(next, initial));
  };
  const saving = useMutation({
    mutationFn: ({ name: _, isDefault: __, ...style }: WatermarkValues) =>
      api(watermarkRoutes.updateDefaultWatermarkTemplate, { body: { version: template.version, ...style } }),
    onSuccess: async () => {
      toastSuccess(WATERMARK_MESSAGES.defaultSaved);
      onDirty(false);
      await refreshWatermarks(queryClient);
    },
    onError: (error) => toastError(errorMessage(error)),
  });
  const save = async () => {
    if (Object.keys(problems).length > 0) return;
    const sure = await openConfirmDialog({
      title: WATERMARK_MESSAGES.defaultConfirmTitle,
      message: WATERMARK_MESSAGES.defaultConfirm,
      confirmLabel: "Change the default",
    });
    if (sure) saving.mutate(values);
  };
  return (
    <Stack gap="md">
      <WatermarkFields values={values} onChange={change} disabled={!canChange} withName={false} problems={problems} />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => openPreviewPdf(organizationId, template.id, values)}>
          Open preview PDF
        </Button>
        {canChange && (
          <Button onClick={save} loading={saving.isPending} disabled={sameValues(values, initial)}>
            Save default watermark
          </Button>
        )}
      </Group>
    </Stack>
  );
}
