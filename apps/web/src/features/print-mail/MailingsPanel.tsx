import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Timeline,
  Title,
} from "@mantine/core";
import {
  fillPath,
  isMilestoneError,
  LEG_DIRECTION_WORDS,
  MAILING_REASON_WORDS,
  type Mailing,
  MILESTONE_WORDS,
  mailingScanSchema,
  type PostalAddress,
  PRINT_MAIL_MESSAGES,
  postalAddressSchema,
  printMailRoutes,
  routeUrl,
} from "@signet/contract";
import { IconAlertTriangle, IconFileTypePdf, IconMailForward, IconRefresh, IconScan } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { errorMessage } from "../../api/api-error.ts";
import { api, apiMultipart } from "../../api/client.ts";
import { FormError } from "../../components/FormError.tsx";
import { TechnicalDetailsToggle } from "../../components/TechnicalDetailsToggle.tsx";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { useFormMutation } from "../../kit/use-form-mutation.ts";
import { formatDateTime } from "../access/format.ts";
import { packageQueries } from "../packages/package-queries.ts";
import { MailingStatusBadge } from "../reports/MailingReportPage.tsx";
import { GuardedButton } from "../settings/webhooks/GuardedControls.tsx";

const NO_MANAGE = "You do not manage packages in this package's groups.";

const mailingsQuery = (orgId: string, packageId: string) => ({
  queryKey: ["packages", orgId, packageId, "mailings"],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api(printMailRoutes.listPackageMailings, { params: { orgId, packageId }, signal }),
  // milestones arrive from the print vendor over time
  refetchInterval: 5000,
});

type AddressInput = z.input<typeof postalAddressSchema>;

interface MailCandidate {
  participantId: string;
  name: string;
  address: PostalAddress | null;
}

function MailDialog({
  organizationId,
  packageId,
  candidate,
  onClose,
  onMailed,
}: {
  organizationId: string;
  packageId: string;
  candidate: MailCandidate;
  onClose: () => void;
  onMailed: () => Promise<unknown>;
}) {
  // the participant's stored address (issue 16 §4) fills the form; it can still be changed for this set
  const stored = candidate.address;
  const form = useForm<AddressInput, unknown, PostalAddress>({
    resolver: zodResolver(postalAddressSchema),
    defaultValues: {
      name: stored?.name ?? candidate.name,
      company: stored?.company ?? "",
      line1: stored?.line1 ?? "",
      line2: stored?.line2 ?? "",
      city: stored?.city ?? "",
      state: stored?.state ?? "",
      postalCode: stored?.postalCode ?? "",
    },
  });
  const { errors } = form.formState;
  const { submit, formError, mutation } = useFormMutation(form, {
    mutationFn: (address: PostalAddress) =>
      api(printMailRoutes.createMailing, {
        params: { orgId: organizationId, packageId },
        body: { participantId: candidate.participantId, address },
      }),
    onSuccess: async () => {
      toastSuccess(PRINT_MAIL_MESSAGES.queued);
      onClose();
      await onMailed();
    },
  });
  const typed = useWatch({ control: form.control });
  const complete = typed.name && typed.line1 && typed.city && typed.state && typed.postalCode;
  const field = (key: Exclude<keyof AddressInput, "country">) => ({
    ...form.register(key),
    error: errors[key]?.message,
  });
  return (
    <Modal opened onClose={onClose} title="Mail the print set" closeButtonProps={{ "aria-label": "Close" }}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            The cover letter prints this address in the envelope window.
          </Text>
          <TextInput label="Name" required {...field("name")} />
          {stored?.company && <TextInput label="Company" {...field("company")} />}
          <TextInput label="Address line 1" required {...field("line1")} />
          <TextInput label="Address line 2" {...field("line2")} />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <TextInput label="City" required {...field("city")} />
            <TextInput label="State" required maxLength={2} {...field("state")} />
            <TextInput label="ZIP code" required {...field("postalCode")} />
          </SimpleGrid>
          <FormError message={formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={mutation.isPending}
              disabled={!complete}
              leftSection={<IconMailForward size={16} />}
            >
              Print and mail
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function MailingCard({
  mailing,
  organizationId,
  canManage,
  onChanged,
}: {
  mailing: Mailing;
  organizationId: string;
  canManage: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const params = { orgId: organizationId, packageId: mailing.packageId, mailingId: mailing.id };
  const address = mailing.recipientAddress;
  // a scan's fingerprint is for the compliance officer: shown on request (UX.md "Plain words first")
  const [technical, setTechnical] = useState(false);
  const retry = useMutation({
    mutationFn: () => api(printMailRoutes.retryMailing, { params }),
    onSuccess: async () => {
      toastSuccess(PRINT_MAIL_MESSAGES.retried);
      await onChanged();
    },
    onError: (error) => toastError(errorMessage(error)),
  });
  const attach = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("contents", file, file.name);
      return apiMultipart(
        "POST",
        fillPath(routeUrl(printMailRoutes.uploadMailingScan), params),
        form,
        mailingScanSchema,
      );
    },
    onSuccess: async () => {
      toastSuccess(PRINT_MAIL_MESSAGES.scanSaved);
      await onChanged();
    },
    onError: (error) => toastError(errorMessage(error)),
  });
  return (
    <Paper withBorder p="md" radius="md" data-testid="mailing" aria-label={`Mailing to ${mailing.recipientName}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Text fw={600}>{mailing.recipientName}</Text>
            <Text size="sm" c="dimmed">
              {[address.line1, address.line2, `${address.city} ${address.state} ${address.postalCode}`]
                .filter(Boolean)
                .join(", ")}
            </Text>
            <Text size="xs" c="dimmed">
              {MAILING_REASON_WORDS[mailing.reason]} · {mailing.pageCount} pages · created{" "}
              {formatDateTime(mailing.createdAt)}
            </Text>
          </div>
          <MailingStatusBadge status={mailing.status} />
        </Group>
        {mailing.status === "SUBMIT_FAILED" && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title="The printer did not accept the print set">
            {mailing.lastError}
          </Alert>
        )}
        {mailing.legs.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {mailing.legs.map((leg) => (
              <div key={leg.direction}>
                <Text size="sm" fw={600}>
                  {LEG_DIRECTION_WORDS[leg.direction]}
                </Text>
                <Text size="xs" c="dimmed" mb="xs">
                  {[leg.carrier, leg.service, leg.trackingNumber && `tracking ${leg.trackingNumber}`]
                    .filter(Boolean)
                    .join(" · ") || "Carrier not known yet"}
                </Text>
                <Timeline active={leg.milestones.length - 1} bulletSize={14} lineWidth={2}>
                  {leg.milestones.map((milestone) => {
                    const error = isMilestoneError(milestone.code);
                    return (
                      <Timeline.Item
                        key={milestone.code}
                        color={error ? "red" : "blue"}
                        title={
                          <Text size="sm" fw={error ? 700 : 500} c={error ? "red.8" : undefined}>
                            {MILESTONE_WORDS[milestone.code]}
                          </Text>
                        }
                      >
                        <Text size="xs" c="dimmed">
                          {formatDateTime(milestone.occurredAt)}
                        </Text>
                        {milestone.detail && (
                          <Text size="xs" c={error ? "red.8" : "dimmed"}>
                            {milestone.detail}
                          </Text>
                        )}
                      </Timeline.Item>
                    );
                  })}
                </Timeline>
              </div>
            ))}
          </SimpleGrid>
        )}
        {mailing.scans.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Scans of the signed papers (copies; the paper is the original)
            </Text>
            {mailing.scans.map((scan) => (
              <Text size="sm" key={scan.id}>
                <Anchor
                  href={fillPath(routeUrl(printMailRoutes.downloadMailingScan), { ...params, scanId: scan.id })}
                  download
                >
                  {scan.fileName}
                </Anchor>{" "}
                <Text span size="xs" c="dimmed">
                  attached {formatDateTime(scan.createdAt)}
                  {scan.uploadedBy ? ` by ${scan.uploadedBy}` : ""}
                  {technical ? ` · SHA-256 ${scan.sha256.slice(0, 16)}…` : ""}
                </Text>
              </Text>
            ))}
            <div>
              <TechnicalDetailsToggle shown={technical} onChange={setTechnical} />
            </div>
          </Stack>
        )}
        <Group gap="sm">
          <Button
            component="a"
            href={fillPath(routeUrl(printMailRoutes.downloadPrintSet), params)}
            download
            variant="default"
            size="xs"
            leftSection={<IconFileTypePdf size={16} aria-hidden />}
          >
            Print set
          </Button>
          <FileButton onChange={(file) => file && attach.mutate(file)} accept="application/pdf,image/png,image/jpeg">
            {(props) => (
              <GuardedButton
                {...props}
                reason={canManage ? null : NO_MANAGE}
                variant="default"
                size="xs"
                leftSection={<IconScan size={16} aria-hidden />}
              >
                Attach signed scan
              </GuardedButton>
            )}
          </FileButton>
          {mailing.status === "SUBMIT_FAILED" && (
            <GuardedButton
              reason={canManage ? null : NO_MANAGE}
              size="xs"
              loading={retry.isPending}
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={() => retry.mutate()}
            >
              Send to the printer again
            </GuardedButton>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * Issue 16 §4: the package's mailings — who gets paper and why, each mailing's legs and milestones
 * (returned or failed ones highlighted), retry, scans of the signed papers. Shown when the package
 * has a paper recipient or a mailing.
 */
export function MailingsPanel({
  organizationId,
  packageId,
  canManage,
}: {
  organizationId: string;
  packageId: string;
  canManage: boolean;
}) {
  const client = useQueryClient();
  const query = mailingsQuery(organizationId, packageId);
  const list = useQuery(query);
  const participants = useQuery(packageQueries.participants(organizationId, packageId));
  const addressOf = (participantId: string) =>
    participants.data?.records.find((participant) => participant.id === participantId)?.mailingAddress ?? null;
  const [mailing, setMailing] = useState<MailCandidate | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: query.queryKey });
  if (list.isPending) return <Skeleton height={120} radius="md" />;
  if (list.isError || (list.data.records.length === 0 && list.data.candidates.length === 0)) return null;
  const waiting = list.data.candidates.filter((candidate) => !candidate.mailed);

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="mailings-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="mailings-title">
            Print and mail
          </Title>
          <Badge variant="light">{list.data.count === 1 ? "1 mailing" : `${list.data.count} mailings`}</Badge>
        </Group>
        {list.data.printMailMilestoneError && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title="A mailing was returned or failed">
            Check the recipient's address and mail the print set again.
          </Alert>
        )}
        {waiting.map((candidate) => (
          <Group key={candidate.participantId} justify="space-between" wrap="wrap">
            <div>
              <Text size="sm">
                <b>{candidate.name}</b> · {MAILING_REASON_WORDS[candidate.reason]}
              </Text>
              {participants.isSuccess && addressOf(candidate.participantId) === null && (
                <Text size="xs" c="dimmed">
                  {PRINT_MAIL_MESSAGES.noMailingAddress}
                </Text>
              )}
            </div>
            <GuardedButton
              reason={canManage ? null : NO_MANAGE}
              size="xs"
              leftSection={<IconMailForward size={16} aria-hidden />}
              onClick={() =>
                setMailing({
                  participantId: candidate.participantId,
                  name: candidate.name,
                  address: addressOf(candidate.participantId),
                })
              }
            >
              Mail print set
            </GuardedButton>
          </Group>
        ))}
        {list.data.records.map((record) => (
          <MailingCard
            key={record.id}
            mailing={record}
            organizationId={organizationId}
            canManage={canManage}
            onChanged={refresh}
          />
        ))}
      </Stack>
      {mailing && (
        <MailDialog
          organizationId={organizationId}
          packageId={packageId}
          candidate={mailing}
          onClose={() => setMailing(null)}
          onMailed={refresh}
        />
      )}
    </Paper>
  );
}
