import { Alert, Button, List, SimpleGrid, Stack, Text, Tooltip } from "@mantine/core";
import { DEFAULTS, dataCollectionRoutes, packageActionRoutes } from "@signet/contract";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ApiError } from "../../../../api/api-error.ts";
import { api } from "../../../../api/client.ts";
import { FormSection } from "../../../../components/FormSection.tsx";
import { toastSuccess } from "../../../../components/toast.ts";
import { formatDateTime } from "../../../access/format.ts";
import { emailTemplateQueries } from "../../../settings/email-templates/email-template-queries.ts";
import { SIGNING_ORDER_LABELS } from "../../package-format.ts";
import { packageQueries } from "../../package-queries.ts";
import { SigningStepsSummary } from "../../SigningStepsSummary.tsx";
import { READ_ONLY_REASON, useBuilder } from "../builder-context.tsx";
import { useBuilderCall } from "../use-builder-call.ts";
import { DocumentsToSend, ParticipantsToInvite } from "./ReviewTables.tsx";
import { stepProblems } from "./step-status.ts";

const SIGNING_ORDER_SEND_TEXT = {
  PARTICIPANT: "The first participant is invited now, each next one when the one before has finished.",
  PARALLEL: "Every participant is invited now.",
} as const;

const STEP_ORDER_LABELS = { AFTER_ESIGN: "After e-signing", BEFORE_ESIGN: "Before e-signing" } as const;

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

/** Step 4 (spec §2): everything at a glance, what is missing, and Send. */
export function ReviewStep() {
  const { organizationId, packageId, pkg, readOnly, dirty, pending, savesInProgress } = useBuilder();
  const navigate = useNavigate();
  const call = useBuilderCall();
  const documents = useQuery(packageQueries.documents(organizationId, packageId));
  const invitationTemplates = useQuery(emailTemplateQueries.invitations(organizationId));
  const participants = useQuery(packageQueries.participants(organizationId, packageId));
  const tags = useQuery(packageQueries.tags(organizationId, packageId));
  const stips = useQuery({
    queryKey: ["packages", organizationId, packageId, "stips"],
    queryFn: ({ signal }) =>
      api(dataCollectionRoutes.listStips, { params: { orgId: organizationId, packageId }, signal }),
  });
  const [serverProblems, setServerProblems] = useState<string[]>([]);
  // the server's send check is the one authority on what is missing
  const sendCheck = useQuery(packageQueries.sendCheck(organizationId, packageId));
  const problems = sendCheck.data ? stepProblems(sendCheck.data) : [];
  const tagCount = (documentId: string) =>
    (tags.data?.records ?? []).filter((tag) => tag.documentId === documentId).length;
  const go = (step: number) =>
    void navigate({ to: "/packages/$packageId/build", params: { packageId }, search: { step } });

  // this step is the confirmation: it shows everything that will be sent, so Send sends (issue 11
  // §2: no second question after the one page that answers it)
  async function send() {
    setServerProblems([]);
    let refused: string[] = [];
    const sent = await call(async () => {
      try {
        await api(packageActionRoutes.sendPackage, {
          params: { orgId: organizationId, packageId },
          body: { version: pkg.version },
          passThrough: true,
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) refused = (error.details ?? []).map((d) => d.message);
        throw error;
      }
    });
    setServerProblems(refused);
    if (sent) {
      toastSuccess("Package sent.");
      await navigate({ to: "/packages/$packageId", params: { packageId } });
    }
  }

  // a disabled Send says why (UX: never a control that is off without a reason)
  const sendBlocker = readOnly
    ? READ_ONLY_REASON
    : !sendCheck.data?.ready
      ? "Fix what is missing above before sending"
      : dirty || pending || savesInProgress > 0
        ? "Waiting for your changes to save"
        : null;

  return (
    <Stack gap="lg">
      {!sendCheck.data ? (
        <Alert color="gray" title="Checking the package">
          {sendCheck.isError ? "What is missing could not be checked. Reload the page." : "Checking what is missing…"}
        </Alert>
      ) : problems.length > 0 ? (
        <Alert color="orange" title="Before sending">
          <List size="sm" aria-label="What is missing">
            {problems.map((problem) => (
              <List.Item key={problem.message}>
                {problem.message}{" "}
                <Button variant="subtle" size="compact-sm" onClick={() => go(problem.step)}>
                  Go to step {problem.step}
                </Button>
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : (
        <Alert color="teal" title="Ready to send">
          Everything the package needs is in place.
        </Alert>
      )}
      {(sendCheck.data?.warnings.length ?? 0) > 0 && (
        <Alert color="yellow" title="Print sets not mailed automatically">
          <List size="sm" aria-label="Warnings">
            {sendCheck.data?.warnings.map((warning) => (
              <List.Item key={warning.path}>{warning.message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {serverProblems.length > 0 && (
        <Alert color="red" title="The package was not sent">
          <List size="sm">
            {serverProblems.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <FormSection title="Package">
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <Fact label="Name" value={pkg.name} />
          <Fact label="Signing order" value={SIGNING_ORDER_LABELS[pkg.signingOrder]} />
          <Fact label="Email subject" value={pkg.emailTemplate.subject ?? DEFAULTS.emailSubject} />
          <Fact
            label="Expires"
            value={
              pkg.expirationType === "RELATIVE"
                ? `${pkg.scheduledExpiryDays ?? 0} days after sending${pkg.scheduledExpiryTime ? ` at ${pkg.scheduledExpiryTime}` : ""}`
                : formatDateTime(pkg.packageExpiresAt, "Never")
            }
          />
          <Fact
            label="Available"
            value={pkg.scheduledAvailability ? formatDateTime(pkg.scheduledOn, "Not scheduled") : "When sent"}
          />
          <Fact label="Groups" value={pkg.packageGroups.map((group) => group.name).join(", ")} />
          <Fact
            label="Invitation email"
            value={
              pkg.emailTemplate.isDefault ? "Organization default" : (pkg.emailTemplate.introText ?? "No introduction")
            }
          />
          <Fact
            label="Email template"
            value={
              (invitationTemplates.data?.records ?? []).find((template) => template.id === pkg.emailTemplate.templateId)
                ?.name ?? "Organization default"
            }
          />
          <Fact
            label="Attached document"
            value={
              (documents.data?.records ?? []).find((document) => document.id === pkg.emailTemplate.documentId)?.name ??
              "None"
            }
          />
          <Fact label="Paper documents" value={STEP_ORDER_LABELS[pkg.paperOrder]} />
          <Fact label="Signer uploads" value={STEP_ORDER_LABELS[pkg.stipsOrder]} />
          <Fact
            label="Requested uploads"
            value={(stips.data?.records ?? []).map((stip) => stip.name).join(", ") || "None"}
          />
          <Fact label="Package collaboration" value={pkg.packageCollaboration ? "On" : "Off"} />
        </SimpleGrid>
      </FormSection>
      <FormSection title="Participants">
        <SigningStepsSummary participants={participants.data?.records} signingOrder={pkg.signingOrder} />
        <ParticipantsToInvite participants={participants.data?.records} signingOrder={pkg.signingOrder} />
      </FormSection>
      <FormSection title="Documents">
        <DocumentsToSend documents={documents.data?.records} tagCount={tagCount} />
      </FormSection>
      <Stack gap={4}>
        <Text size="sm" c="dimmed" id="send-consequence">
          {pkg.scheduledAvailability
            ? "Participants are invited at the scheduled time."
            : SIGNING_ORDER_SEND_TEXT[pkg.signingOrder]}{" "}
          Once sent, the package changes only through a correction.
        </Text>
        <Tooltip label={sendBlocker} disabled={sendBlocker === null} multiline maw={320}>
          <Button
            size="md"
            onClick={() => void send()}
            disabled={sendBlocker !== null}
            w="fit-content"
            aria-describedby="send-consequence"
          >
            Send package
          </Button>
        </Tooltip>
      </Stack>
    </Stack>
  );
}
