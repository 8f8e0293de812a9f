import { Badge, Button, Group, PasswordInput, SimpleGrid, Stack, Text } from "@mantine/core";
import {
  SETTING_MESSAGES,
  type SealCertificateInfo,
  SIGNING_ADMIN_FILE_PATHS,
  sealCertificateInfoSchema,
  signingAdminRoutes,
} from "@signet/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useRef, useState } from "react";
import { errorMessage } from "../../api/api-error.ts";
import { api, apiMultipart } from "../../api/client.ts";
import { openConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { FormError } from "../../components/FormError.tsx";
import { FormSection } from "../../components/FormSection.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { toastSuccess } from "../../components/toast.ts";
import { useHasPermission } from "../../session/permissions.ts";
import { formatDateTime } from "../access/format.ts";
import { signingRoomQueries } from "./signing-room-queries.ts";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ wordBreak: "break-all" }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * The certificate that seals the organization's documents (issue 5 §4): its own PKCS#12 when one was
 * uploaded, else the system's; upload a .p12/.pfx with its password, or go back to the system's.
 */
export function SealCertificateSection({ organizationId }: { organizationId: string }) {
  const canView = useHasPermission("VIEW_ADMIN_SETTINGS");
  const canManage = useHasPermission("MANAGE_ADMIN_SETTINGS");
  const client = useQueryClient();
  const certificate = useQuery({ ...signingRoomQueries.sealCertificate(organizationId), enabled: canView });
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState("");
  const queryKey = signingRoomQueries.sealCertificate(organizationId).queryKey;

  const upload = useMutation({
    mutationFn: (chosen: File) => {
      const form = new FormData();
      form.append("file", chosen, chosen.name);
      form.append("password", password);
      return apiMultipart(
        "PUT",
        SIGNING_ADMIN_FILE_PATHS.sealCertificate(organizationId),
        form,
        sealCertificateInfoSchema,
        { passThrough: true },
      );
    },
    onMutate: (): void => {
      remove.reset();
    },
    onSuccess: (saved) => {
      client.setQueryData(queryKey, saved);
      toastSuccess(SETTING_MESSAGES.updated);
      setFile(null);
      setPassword("");
    },
  });
  const remove = useMutation({
    mutationFn: () =>
      api(signingAdminRoutes.deleteSealCertificate, { params: { orgId: organizationId }, passThrough: true }),
    onMutate: (): void => {
      upload.reset();
    },
    onSuccess: () => toastSuccess(SETTING_MESSAGES.updated),
    onSettled: () => client.invalidateQueries({ queryKey }),
  });
  // the refusal of the last of the two writes
  const failure = upload.error ?? remove.error;
  const error = failure ? errorMessage(failure) : null;

  async function switchToSystem() {
    const ok = await openConfirmDialog({
      title: "Use the system certificate",
      message:
        "Documents sealed from now on are sealed with the system certificate. The organization's certificate is removed; documents already sealed keep their seal.",
      confirmLabel: "Use the system certificate",
      confirmColor: "red",
    });
    if (ok) remove.mutate();
  }

  const info: SealCertificateInfo | undefined = certificate.data;
  return (
    <FormSection
      title="Seal certificate"
      description="Completed documents and the certificate of completion are sealed (digitally signed) with this certificate."
    >
      {certificate.isPending && canView ? (
        <Spinner />
      ) : certificate.isError ? (
        <FormError message={errorMessage(certificate.error)} />
      ) : (
        info && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" aria-label="Current seal certificate">
            <Fact label="Source">
              <Badge variant="light" color={info.source === "ORGANIZATION" ? "indigo" : "gray"}>
                {info.source === "ORGANIZATION" ? "Organization" : "System"}
              </Badge>
            </Fact>
            <Fact label="Valid until">{formatDateTime(info.notAfter)}</Fact>
            <Fact label="Subject">{info.subject}</Fact>
            <Fact label="Timestamp authority">{info.timestampAuthority ?? "None"}</Fact>
            <Fact label="Fingerprint (SHA-256)">
              <Text span size="xs" ff="monospace">
                {info.fingerprint}
              </Text>
            </Fact>
          </SimpleGrid>
        )
      )}

      <FormError message={error} />

      <Stack gap="sm">
        <Text fw={600} size="sm">
          Use the organization's own certificate
        </Text>
        <Group align="flex-end" gap="sm">
          <Stack gap={4}>
            <Button variant="default" disabled={!canManage} onClick={() => input.current?.click()}>
              Choose certificate file
            </Button>
            <input
              ref={input}
              type="file"
              accept=".p12,.pfx,application/x-pkcs12"
              hidden
              aria-label="Certificate file (.p12 or .pfx)"
              disabled={!canManage}
              onChange={(event) => {
                setFile(event.currentTarget.files?.[0] ?? null);
                upload.reset();
                remove.reset();
                event.currentTarget.value = "";
              }}
            />
          </Stack>
          <PasswordInput
            label="Certificate password"
            autoComplete="off"
            disabled={!canManage}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            w={260}
          />
          <Button onClick={() => file && upload.mutate(file)} loading={upload.isPending} disabled={!canManage || !file}>
            Upload certificate
          </Button>
        </Group>
        <Text size="xs" c="dimmed" data-testid="certificate-file">
          {file ? `Chosen: ${file.name}` : "A PKCS#12 file (.p12 or .pfx) with the private key and its certificate."}
        </Text>
      </Stack>

      {info?.source === "ORGANIZATION" && (
        <Group>
          <Button
            variant="light"
            color="red"
            loading={remove.isPending}
            disabled={!canManage}
            onClick={() => void switchToSystem()}
          >
            Use the system certificate
          </Button>
        </Group>
      )}
    </FormSection>
  );
}
