import { Button, Group, Stack, Text } from "@mantine/core";
import {
  type CustomConsent,
  customConsentSchema,
  SIGNING_ADMIN_FILE_PATHS,
  SIGNING_ADMIN_MESSAGES,
} from "@signet/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { errorMessage } from "../../api/api-error.ts";
import { apiMultipart } from "../../api/client.ts";
import { type Column, DataTable } from "../../components/data-table/DataTable.tsx";
import { FormError } from "../../components/FormError.tsx";
import { toastSuccess } from "../../components/toast.ts";
import { useHasPermission } from "../../session/permissions.ts";
import { formatDateTime } from "../access/format.ts";
import { shortHash } from "../packages/signing-format.ts";
import { signingRoomQueries } from "./signing-room-queries.ts";

/**
 * The custom eSign consent versions (a PDF each, newest first) and the upload of a new version:
 * participants who consented to an older version consent again.
 */
export function CustomConsents({ organizationId }: { organizationId: string }) {
  const canView = useHasPermission("VIEW_ADMIN_SETTINGS");
  const canManage = useHasPermission("MANAGE_ADMIN_SETTINGS");
  const client = useQueryClient();
  const consents = useQuery({ ...signingRoomQueries.customConsents(organizationId), enabled: canView });
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("file", file, file.name);
      return apiMultipart("POST", SIGNING_ADMIN_FILE_PATHS.customConsents(organizationId), form, customConsentSchema, {
        passThrough: true,
      });
    },
    onSuccess: async () => {
      toastSuccess(SIGNING_ADMIN_MESSAGES.consentUploaded);
      await client.invalidateQueries({ queryKey: signingRoomQueries.customConsents(organizationId).queryKey });
    },
  });

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <div>
          <Text fw={600} size="sm">
            Custom consent versions
          </Text>
          <Text size="xs" c="dimmed">
            A PDF with the consent text. Participants see the newest version.
          </Text>
        </div>
        <Button variant="light" loading={upload.isPending} disabled={!canManage} onClick={() => input.current?.click()}>
          Upload custom consent
        </Button>
        <input
          ref={input}
          type="file"
          accept="application/pdf,.pdf"
          hidden
          aria-label="Custom consent PDF"
          disabled={!canManage}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) upload.mutate(file);
            event.currentTarget.value = "";
          }}
        />
      </Group>
      <FormError message={upload.error ? errorMessage(upload.error) : null} />
      {canView && (
        <DataTable
          label="Custom consent versions"
          columns={COLUMNS}
          rows={consents.data?.records}
          rowKey={(consent) => consent.id}
          empty="No custom consent uploaded yet."
          error={consents.error ? errorMessage(consents.error) : null}
          minWidth={480}
        />
      )}
    </Stack>
  );
}

const COLUMNS: Column<CustomConsent>[] = [
  { key: "version", label: "Version", render: (consent) => consent.version },
  { key: "fileName", label: "File name", render: (consent) => consent.fileName },
  {
    key: "sha256",
    label: "SHA-256",
    render: (consent) => (
      <Text span size="xs" ff="monospace" title={consent.sha256}>
        {shortHash(consent.sha256)}
      </Text>
    ),
  },
  { key: "createdAt", label: "Uploaded", render: (consent) => formatDateTime(consent.createdAt) },
];
