import { Button, Group, Stack, Table, Text } from "@mantine/core";
import { customConsentSchema, SIGNING_ADMIN_FILE_PATHS, SIGNING_ADMIN_MESSAGES } from "@signet/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { errorMessage } from "../../api/api-error.ts";
import { apiMultipart } from "../../api/client.ts";
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function upload(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const form = new FormData();
      form.append("file", file, file.name);
      await apiMultipart("POST", SIGNING_ADMIN_FILE_PATHS.customConsents(organizationId), form, customConsentSchema, {
        passThrough: true,
      });
      toastSuccess(SIGNING_ADMIN_MESSAGES.consentUploaded);
      await client.invalidateQueries({ queryKey: signingRoomQueries.customConsents(organizationId).queryKey });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  const records = consents.data?.records ?? [];
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
        <Button variant="light" loading={busy} disabled={!canManage} onClick={() => input.current?.click()}>
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
            void upload(event.currentTarget.files?.[0]);
            event.currentTarget.value = "";
          }}
        />
      </Group>
      <FormError message={error} />
      {records.length > 0 ? (
        <Table aria-label="Custom consent versions" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Version</Table.Th>
              <Table.Th>File name</Table.Th>
              <Table.Th>SHA-256</Table.Th>
              <Table.Th>Uploaded</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.map((consent) => (
              <Table.Tr key={consent.id}>
                <Table.Td>{consent.version}</Table.Td>
                <Table.Td>{consent.fileName}</Table.Td>
                <Table.Td>
                  <Text span size="xs" ff="monospace" title={consent.sha256}>
                    {shortHash(consent.sha256)}
                  </Text>
                </Table.Td>
                <Table.Td>{formatDateTime(consent.createdAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        consents.isSuccess && (
          <Text size="sm" c="dimmed">
            No custom consent uploaded yet.
          </Text>
        )
      )}
    </Stack>
  );
}
