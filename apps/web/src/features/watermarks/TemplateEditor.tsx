import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { WATERMARK_MESSAGES, type WatermarkTemplate, watermarkRoutes } from "@signet/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { openPreviewPdf } from "./open-preview-pdf.ts";
import { WatermarkFields } from "./WatermarkFields.tsx";
import { NEW_WATERMARK, sameValues, valuesOf, type WatermarkValues, watermarkProblems } from "./watermark-form.ts";
import { refreshWatermarks } from "./watermark-queries.ts";

/** The editor of one of the organization's templates (or a new one). */
export function TemplateEditor({
  organizationId,
  template,
  canManage,
  onDirty,
  onClose,
}: {
  organizationId: string;
  template: WatermarkTemplate | null;
  canManage: boolean;
  onDirty: (dirty: boolean) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [initial] = useState(() => (template ? valuesOf(template) : NEW_WATERMARK));
  const [values, setValues] = useState(initial);
  const [tried, setTried] = useState(false);
  const problems = watermarkProblems(values);
  const change = (next: WatermarkValues) => {
    setValues(next);
    onDirty(!sameValues(next, initial));
  };

  const saving = useMutation({
    mutationFn: async (values: WatermarkValues) => {
      if (template) {
        await api(watermarkRoutes.updateWatermarkTemplate, {
          params: { orgId: organizationId, templateId: template.id },
          body: { version: template.version, ...values },
        });
      } else {
        await api(watermarkRoutes.createWatermarkTemplate, { params: { orgId: organizationId }, body: values });
      }
    },
    onSuccess: async () => {
      toastSuccess(WATERMARK_MESSAGES.saved);
      onDirty(false);
      await refreshWatermarks(queryClient);
      onClose();
    },
    onError: (error) => toastError(errorMessage(error)),
  });
  const save = () => {
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    saving.mutate(values);
  };

  return (
    <Paper
      withBorder
      p="md"
      aria-label={template ? `Edit ${template.name}` : "New watermark template"}
      component="section"
    >
      <Stack gap="md">
        <Text fw={600}>{template ? template.name : "New watermark template"}</Text>
        <WatermarkFields
          values={values}
          onChange={change}
          disabled={!canManage}
          withName
          problems={tried ? problems : {}}
        />
        <Group justify="flex-end">
          {template && (
            <Button variant="default" onClick={() => openPreviewPdf(organizationId, template.id, values)}>
              Open preview PDF
            </Button>
          )}
          <Button variant="default" onClick={onClose}>
            {canManage ? "Cancel" : "Close"}
          </Button>
          {canManage && (
            <Button onClick={save} loading={saving.isPending}>
              Save watermark
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
