import { Button, Group, Image, Stack, Text } from "@mantine/core";
import { LOGO_LIMITS, organizationLogoSchema, SETTINGS_TOASTS } from "@signet/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { errorMessage } from "../../../api/api-error.ts";
import { apiMultipart } from "../../../api/client.ts";
import { FormError } from "../../../components/FormError.tsx";
import { FormSection } from "../../../components/FormSection.tsx";
import { toastSuccess } from "../../../components/toast.ts";
import { useHasPermission } from "../../../session/permissions.ts";
import { previewableLogo } from "./BrandingPreview.tsx";
import { invalidateSettingViews } from "./MetaDataSettingsForm.tsx";

/**
 * Issue 13 §2 branding: upload the logo as an image (spec §7 multipart 'contents' + 'imageProperties').
 * The server takes PNG or JPEG only (by their bytes; SVG refused) and makes it the logo_url.
 */
export function LogoUpload({ organizationId, current }: { organizationId: string; current: string }) {
  const canManage = useHasPermission("MANAGE_ADMIN_SETTINGS");
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("contents", file, file.name);
      form.append("imageProperties", JSON.stringify({ fileName: file.name.slice(0, 200) }));
      return apiMultipart("POST", `/api/v1/organizations/${organizationId}/logo`, form, organizationLogoSchema, {
        passThrough: true,
      });
    },
    onSuccess: async () => {
      toastSuccess(SETTINGS_TOASTS.logoUploaded);
      await invalidateSettingViews(client, organizationId);
    },
  });

  return (
    <FormSection
      title="Logo image"
      description={`Upload a PNG or JPEG of at most ${LOGO_LIMITS.bytes / 1024} KB (SVG is not accepted). It becomes the logo URL below.`}
    >
      <Group justify="space-between" align="center">
        <Stack gap={4}>
          {previewableLogo(current) ? (
            <Image src={previewableLogo(current)} alt="Current logo" h={40} w="auto" fit="contain" />
          ) : (
            <Text size="sm" c="dimmed">
              {current ? "The logo is at an external address (shown in the signing room and emails)." : "No logo yet."}
            </Text>
          )}
        </Stack>
        <Button variant="light" loading={upload.isPending} disabled={!canManage} onClick={() => input.current?.click()}>
          Upload logo
        </Button>
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,.png,.jpg,.jpeg"
          hidden
          aria-label="Logo image"
          disabled={!canManage}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) upload.mutate(file);
            event.currentTarget.value = "";
          }}
        />
      </Group>
      <FormError message={upload.error ? errorMessage(upload.error) : null} />
    </FormSection>
  );
}
