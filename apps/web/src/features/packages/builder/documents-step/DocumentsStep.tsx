import { Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { FormSection } from "../../../../components/FormSection.tsx";
import { packageQueries } from "../../package-queries.ts";
import { useBuilder } from "../builder-context.tsx";
import { ConditionalRules } from "./ConditionalRules.tsx";
import { DataCollection } from "./DataCollection.tsx";
import { DocumentList } from "./DocumentList.tsx";
import { DocumentUploader } from "./DocumentUploader.tsx";
import { ExecutionMatrix } from "./ExecutionMatrix.tsx";
import { TagEditor } from "./TagEditor.tsx";

/** Step 2 (spec §2): documents, how each participant executes them, tags and conditional rules. */
export function DocumentsStep() {
  const { organizationId, packageId, readOnly } = useBuilder();
  const documents = useQuery(packageQueries.documents(organizationId, packageId));
  const participants = useQuery(packageQueries.participants(organizationId, packageId));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const eSign = (documents.data?.records ?? []).filter((document) => document.executionType === "E_SIGN");
  const selected = eSign.find((document) => document.id === selectedId) ?? eSign[0] ?? null;

  return (
    <Stack gap="lg">
      <FormSection title="Documents" description="Upload the documents in the order participants should see them.">
        {!readOnly && <DocumentUploader />}
        <DocumentList selectedId={selected?.id ?? null} onSelect={setSelectedId} />
      </FormSection>
      <FormSection
        title="Who executes what"
        description="Each participant signs a document electronically (E-Sign), only views it, or executes it on paper."
      >
        <ExecutionMatrix />
        {(participants.data?.count ?? 0) === 0 && (
          <Text size="sm" c="dimmed">
            Add participants in step 1 first.
          </Text>
        )}
      </FormSection>
      <FormSection
        title={selected ? `Tags on ${selected.name}` : "Tags"}
        description="Place signature, initials, date, name and form fields where each participant fills them."
      >
        {selected ? (
          <TagEditor key={selected.id} document={selected} participants={participants.data?.records ?? []} />
        ) : (
          <Text size="sm" c="dimmed">
            Tags go on E-Sign documents. Upload one to place tags.
          </Text>
        )}
      </FormSection>
      <FormSection title="Conditional rules" description="Show or require a tag only when another one is filled in.">
        <ConditionalRules />
      </FormSection>
      <FormSection
        title="Data collection"
        description="Questions a participant answers in the signing room, grouped, besides the documents."
      >
        <DataCollection />
      </FormSection>
    </Stack>
  );
}
