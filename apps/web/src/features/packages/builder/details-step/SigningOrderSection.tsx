import { SegmentedControl, Text } from "@mantine/core";
import { orderOfSteps, type Package, packageRoutes, participantRoutes } from "@signet/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "../../../../api/client.ts";
import { FormSection } from "../../../../components/FormSection.tsx";
import { SIGNING_ORDER_LABELS } from "../../package-format.ts";
import { packageQueries } from "../../package-queries.ts";
import { useBuilder } from "../builder-context.tsx";
import { useBuilderCall } from "../use-builder-call.ts";
import { ParticipantOrder } from "./ParticipantOrder.tsx";

/**
 * Whether participants act in order, and which order, beside the participants themselves (issue 11
 * §2: the order is part of saying who takes part, and one place less to visit). A choice saves at
 * once; the order is dragged into shape.
 */
export function SigningOrderSection() {
  const { organizationId, packageId, pkg, readOnly } = useBuilder();
  const call = useBuilderCall();
  const params = { orgId: organizationId, packageId };
  const participants = useQuery(packageQueries.participants(organizationId, packageId));
  // the choice shows at once; the saved package replaces it when it comes back
  const [choosing, setChoosing] = useState<Package["signingOrder"] | null>(null);
  const order = choosing ?? pkg.signingOrder;
  const records = participants.data?.records ?? [];

  async function choose(value: Package["signingOrder"]) {
    setChoosing(value);
    await call(() =>
      api(packageRoutes.updatePackage, {
        params,
        body: { version: pkg.version, signingOrder: value },
        passThrough: true,
      }),
    );
    setChoosing(null);
  }

  // equal numbers are one step (issue 34 §1): step k's participants all save signingOrder k
  const reorder = (steps: string[][]) =>
    call(() =>
      api(participantRoutes.setParticipantsOrder, {
        params,
        body: { version: pkg.version, participants: orderOfSteps(steps) },
        passThrough: true,
      }),
    );

  return (
    <FormSection
      title="Signing order"
      description="Everyone can act at once, or in steps: each step is invited when the step before has finished."
    >
      <SegmentedControl
        aria-label="Signing order"
        value={order}
        disabled={readOnly}
        onChange={(value) => void choose(value as Package["signingOrder"])}
        data={[
          { value: "PARALLEL", label: SIGNING_ORDER_LABELS.PARALLEL },
          { value: "PARTICIPANT", label: SIGNING_ORDER_LABELS.PARTICIPANT },
        ]}
        style={{ alignSelf: "flex-start" }}
      />
      {/* the list waits for the saved choice: reordering is saved at the package's new version */}
      {pkg.signingOrder === "PARTICIPANT" && records.length > 1 && (
        <ParticipantOrder participants={records} readOnly={readOnly} onReorder={reorder} />
      )}
      {pkg.signingOrder === "PARTICIPANT" && records.length <= 1 && (
        <Text size="sm" c="dimmed">
          Add participants to set their order.
        </Text>
      )}
    </FormSection>
  );
}
