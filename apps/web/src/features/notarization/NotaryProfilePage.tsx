import { Badge, Button, Group, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { type NotaryProfile, notarizationRoutes, routeRequestPath, US_STATE_CODES } from "@signet/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { DataTable } from "../../components/data-table/DataTable.tsx";
import { FormError } from "../../components/FormError.tsx";
import { FormSection } from "../../components/FormSection.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { toastSuccess } from "../../components/toast.ts";
import { downloadCsv } from "../reports/csv-download.ts";

/** A file's bytes as base64 (what the notary-profile routes take for the seal and the certificate). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary);
}

function FilePicker(props: {
  label: string;
  accept: string;
  file: File | null;
  onChange: (file: File | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {props.label}
      </Text>
      <Group gap="xs">
        <Button variant="default" onClick={() => input.current?.click()}>
          Choose file
        </Button>
        <Text size="xs" c="dimmed">
          {props.file ? props.file.name : "No file chosen"}
        </Text>
      </Group>
      <input
        ref={input}
        type="file"
        hidden
        accept={props.accept}
        aria-label={props.label}
        onChange={(event) => {
          props.onChange(event.currentTarget.files?.[0] ?? null);
          event.currentTarget.value = "";
        }}
      />
    </Stack>
  );
}

/**
 * Issue 34 §4: a member's own notary profile (commission, seal image, own signing certificate),
 * self-service for any member; administrators also see every notary of the organization. The
 * journal downloads as CSV from here.
 */
export function NotaryProfilePage({ organizationId, userId }: { organizationId: string; userId: string }) {
  const client = useQueryClient();
  const queryKey = ["notary-profiles", organizationId];
  const profiles = useQuery({
    queryKey,
    queryFn: () => api(notarizationRoutes.listNotaryProfiles, { params: { orgId: organizationId } }),
    enabled: Boolean(organizationId),
  });
  const own = profiles.data?.records.find((profile) => profile.userId === userId);
  const others = profiles.data?.records.filter((profile) => profile.userId !== userId) ?? [];

  const [name, setName] = useState<string | null>(null);
  const [number, setNumber] = useState<string | null>(null);
  const [state, setState] = useState<string | null>(null);
  const [expires, setExpires] = useState<string | null>(null);
  const [seal, setSeal] = useState<File | null>(null);
  const [certificate, setCertificate] = useState<File | null>(null);
  const [password, setPassword] = useState("");

  const save = useMutation({
    mutationFn: async () => {
      const fields = {
        notaryName: name ?? own?.notaryName ?? "",
        commissionNumber: number ?? own?.commissionNumber ?? "",
        commissionState: (state ?? own?.commissionState ?? "") as (typeof US_STATE_CODES)[number],
        commissionExpiresOn: expires ?? own?.commissionExpiresOn ?? "",
      };
      const files = {
        ...(seal ? { sealImage: await base64Of(seal) } : {}),
        ...(certificate ? { certificateP12: await base64Of(certificate), certificatePassword: password } : {}),
      };
      if (own) {
        return api(notarizationRoutes.updateNotaryProfile, {
          params: { orgId: organizationId, profileId: own.id },
          body: { version: own.version, ...fields, ...files },
          passThrough: true,
        });
      }
      return api(notarizationRoutes.createNotaryProfile, {
        params: { orgId: organizationId },
        body: {
          ...fields,
          sealImage: files.sealImage ?? "",
          certificateP12: files.certificateP12 ?? "",
          certificatePassword: password,
        },
        passThrough: true,
      });
    },
    onSuccess: () => {
      toastSuccess("Notary profile saved");
      setSeal(null);
      setCertificate(null);
      setPassword("");
      void client.invalidateQueries({ queryKey });
    },
  });

  const journal = useMutation({
    mutationFn: () =>
      downloadCsv(routeRequestPath(notarizationRoutes.exportNotaryJournal, { params: { orgId: organizationId } }), {
        onProgress: () => undefined,
        fallbackName: "notary-journal.csv",
      }),
  });

  if (profiles.isPending) return <Spinner />;
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>Notary profile</Title>
      {profiles.isError ? <FormError message={errorMessage(profiles.error)} /> : null}
      <FormSection
        title={own ? "Your commission" : "Add your commission"}
        description="Used when you host an A/V session as a notary: your commission is checked before each notarial act, and your seal image and certificate go on the notarial certificate page."
      >
        {own ? (
          <Group gap="xs" data-testid="notary-status">
            <Badge color={own.commissionValid ? "dark" : "red.9"} variant="filled">
              {own.commissionValid ? "Commission valid" : "Commission expired"}
            </Badge>
            <Text size="sm">Certificate: {own.certificateSubject}</Text>
          </Group>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Name as commissioned"
            value={name ?? own?.notaryName ?? ""}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <TextInput
            label="Commission number"
            value={number ?? own?.commissionNumber ?? ""}
            onChange={(event) => setNumber(event.currentTarget.value)}
          />
          <Select
            label="Commissioning state"
            data={[...US_STATE_CODES]}
            searchable
            value={state ?? own?.commissionState ?? null}
            onChange={setState}
          />
          <TextInput
            label="Commission expires on"
            type="date"
            value={expires ?? own?.commissionExpiresOn ?? ""}
            onChange={(event) => setExpires(event.currentTarget.value)}
          />
          <FilePicker label="Seal image (PNG)" accept="image/png" file={seal} onChange={setSeal} />
          <FilePicker
            label="Signing certificate (.p12 or .pfx)"
            accept=".p12,.pfx,application/x-pkcs12"
            file={certificate}
            onChange={setCertificate}
          />
          <PasswordInput
            label="Certificate password"
            autoComplete="off"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
        </SimpleGrid>
        <FormError message={save.error ? errorMessage(save.error) : null} />
        <Group>
          <Button onClick={() => save.mutate()} loading={save.isPending}>
            Save notary profile
          </Button>
          <Button variant="default" onClick={() => journal.mutate()} loading={journal.isPending}>
            Download journal (CSV)
          </Button>
        </Group>
        <FormError message={journal.error ? errorMessage(journal.error) : null} />
      </FormSection>

      {others.length > 0 ? (
        <FormSection title="Notaries of the organization" description="Every member's notary profile (administrators).">
          <DataTable<NotaryProfile>
            label="Notaries of the organization"
            columns={[
              { key: "notary", label: "Notary", render: (profile) => profile.notaryName },
              {
                key: "commission",
                label: "Commission",
                render: (profile) => `${profile.commissionNumber} (${profile.commissionState})`,
              },
              { key: "expires", label: "Expires", render: (profile) => profile.commissionExpiresOn },
            ]}
            rows={others}
            rowKey={(profile) => profile.id}
            empty="No other notaries."
            minWidth={480}
          />
        </FormSection>
      ) : null}
    </Stack>
  );
}
