import { Alert, Select, Switch, Text } from "@mantine/core";
import { AV_SESSION_MESSAGES, packageRoutes, participantDisplayName, participantRoutes } from "@signet/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "../../api/client.ts";
import { FormSection } from "../../components/FormSection.tsx";
import { NotarialActsSection } from "../notarization/NotarialActsSection.tsx";
import { useBuilder } from "../packages/builder/builder-context.tsx";
import { useBuilderCall } from "../packages/builder/use-builder-call.ts";
import { packageQueries } from "../packages/package-queries.ts";

/**
 * Issue 16 §2 in the builder, beside the participants: whether the package is signed in a live,
 * host-led A/V session, and who hosts it (exactly one participant; sending refuses without one).
 */
export function AvEsignSection() {
  const { organizationId, packageId, pkg, readOnly } = useBuilder();
  const call = useBuilderCall();
  const params = { orgId: organizationId, packageId };
  const participants = useQuery(packageQueries.participants(organizationId, packageId));
  const [choosing, setChoosing] = useState<boolean | null>(null);
  const on = choosing ?? pkg.avEsign;
  // a copy recipient is never invited to the room, so cannot host
  const candidates = (participants.data?.records ?? []).filter((participant) => participant.role !== "COPY");
  const host = candidates.find((participant) => participant.avHost) ?? null;

  async function toggle(value: boolean) {
    setChoosing(value);
    await call(() =>
      api(packageRoutes.updatePackage, { params, body: { version: pkg.version, avEsign: value }, passThrough: true }),
    );
    setChoosing(null);
  }

  async function chooseHost(participantId: string | null) {
    const participant = candidates.find((candidate) => candidate.id === participantId);
    if (!participant) return;
    await call(() =>
      api(participantRoutes.updateParticipant, {
        params: { ...params, participantId: participant.id },
        body: { version: participant.version, avHost: true },
        passThrough: true,
      }),
    );
  }

  return (
    <FormSection
      title="A/V eSign"
      description="Signers sign in a live video session led by a host, who moves through the documents with them. The session is recorded and the recording is named on the certificate of completion."
    >
      <Switch
        label="Sign in a live A/V session"
        checked={on}
        disabled={readOnly}
        onChange={(event) => void toggle(event.currentTarget.checked)}
      />
      {pkg.avEsign && (
        <>
          <Select
            label="Session host"
            description="Starts the session from their signing link and completes it once everyone has signed."
            placeholder={candidates.length ? "Choose the host" : "Add participants first"}
            data={candidates.map((participant) => ({
              value: participant.id,
              label:
                [participant.givenName, participant.familyName].filter(Boolean).join(" ") ||
                participantDisplayName(participant),
            }))}
            value={host?.id ?? null}
            disabled={readOnly || candidates.length === 0}
            onChange={(value) => void chooseHost(value)}
            allowDeselect={false}
            style={{ maxWidth: 360 }}
          />
          {!host && (
            <Alert color="yellow" variant="light">
              {AV_SESSION_MESSAGES.sendNeedsHost}
            </Alert>
          )}
          {host && (
            <Text size="sm" c="dimmed">
              Signers join after verifying their identity; they can sign only while the session is live.
            </Text>
          )}
          {/* issue 34 §4: the notary host's acts, per document */}
          <NotarialActsSection />
        </>
      )}
    </FormSection>
  );
}
