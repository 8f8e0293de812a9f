import { Button, Checkbox, Paper, Radio, Stack, Text, Title } from "@mantine/core";
import {
  NOTARIAL_ACT_TYPES,
  NOTARIAL_ACT_WORDS,
  type NotarialActType,
  notarizationRoutes,
  participantDisplayName,
} from "@signet/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "../../api/client.ts";
import { useBuilder } from "../packages/builder/builder-context.tsx";
import { useBuilderCall } from "../packages/builder/use-builder-call.ts";
import { packageQueries } from "../packages/package-queries.ts";

type Choice = NotarialActType | "NONE";

/**
 * Issue 34 §4 in the builder, under the A/V eSign switch: per document, whether the notary host
 * performs a notarial act on it in the session and for which signers. The API keeps an act once
 * marked (the notary's journal refers to it), so a marked document is shown as it is, read-only.
 */
export function NotarialActsSection() {
  const { organizationId, packageId, readOnly } = useBuilder();
  const params = { orgId: organizationId, packageId };
  const documents = useQuery(packageQueries.documents(organizationId, packageId));
  const participants = useQuery(packageQueries.participants(organizationId, packageId));
  const acts = useQuery({
    queryKey: ["packages", organizationId, packageId, "notarial-acts"],
    queryFn: ({ signal }) => api(notarizationRoutes.listNotarialActs, { params, signal, passThrough: true }),
    retry: false,
  });
  // only people who sign can have their signature notarized: not copy recipients, not viewers, and
  // not the host, who is the notary (a notary does not notarize their own signature)
  const signers = (participants.data?.records ?? []).filter(
    (participant) => participant.role !== "COPY" && participant.role !== "VIEWER" && !participant.avHost,
  );
  const records = documents.data?.records ?? [];
  if (records.length === 0) return null;

  return (
    <Stack gap="sm" data-testid="notarial-act-choices">
      <div>
        <Title order={3} fz="md">
          Notarial acts
        </Title>
        <Text size="sm" c="dimmed">
          A notary hosting the session can notarize a document for its signers. The notarial certificate page is added
          to the document and signed with the notary's own certificate.
        </Text>
      </div>
      {records.map((document) => {
        const act = acts.data?.records.find((candidate) => candidate.documentId === document.id);
        return act ? (
          <Paper withBorder p="sm" key={document.id}>
            <Text size="sm" fw={500}>
              {document.name}
            </Text>
            <Text size="sm">
              Notarial act: {NOTARIAL_ACT_WORDS[act.actType]}, for {act.signerNames.join(", ")}
            </Text>
          </Paper>
        ) : (
          <DocumentActChoice
            key={document.id}
            documentId={document.id}
            documentName={document.name}
            signers={signers.map((signer) => ({
              id: signer.id,
              name: [signer.givenName, signer.familyName].filter(Boolean).join(" ") || participantDisplayName(signer),
            }))}
            readOnly={readOnly}
          />
        );
      })}
    </Stack>
  );
}

function DocumentActChoice(props: {
  documentId: string;
  documentName: string;
  signers: { id: string; name: string }[];
  readOnly: boolean;
}) {
  const { organizationId, packageId } = useBuilder();
  const call = useBuilderCall();
  const [choice, setChoice] = useState<Choice>("NONE");
  const [chosen, setChosen] = useState<string[]>([]);
  const actType = choice === "NONE" ? null : choice;
  // the builder's save: counted in the header, its error toasted (useBuilderCall)
  const mark = useMutation({
    mutationFn: (type: NotarialActType) =>
      call(() =>
        api(notarizationRoutes.createNotarialAct, {
          params: { orgId: organizationId, packageId },
          body: { documentId: props.documentId, actType: type, participantIds: chosen },
          passThrough: true,
        }),
      ),
  });

  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Radio.Group
          label={`Notarial act for ${props.documentName}`}
          value={choice}
          onChange={(value) => setChoice(value as Choice)}
        >
          <Stack gap={6} mt={4}>
            <Radio value="NONE" label="None" disabled={props.readOnly} />
            {NOTARIAL_ACT_TYPES.map((type) => (
              <Radio key={type} value={type} label={NOTARIAL_ACT_WORDS[type]} disabled={props.readOnly} />
            ))}
          </Stack>
        </Radio.Group>
        {actType && (
          <>
            <Checkbox.Group
              label="For the signers"
              description="The notary performs the act for each of them in the session."
              value={chosen}
              onChange={setChosen}
            >
              <Stack gap={6} mt={4}>
                {props.signers.map((signer) => (
                  <Checkbox key={signer.id} value={signer.id} label={signer.name} disabled={props.readOnly} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Button
              onClick={() => mark.mutate(actType)}
              loading={mark.isPending}
              disabled={props.readOnly || chosen.length === 0}
              style={{ alignSelf: "flex-start" }}
            >
              Mark for {NOTARIAL_ACT_WORDS[actType].toLowerCase()}
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
