import { Stack, Tabs, Text } from "@mantine/core";
import { IconFiles, IconListCheck, IconSignature } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { FormSection } from "../../../../components/FormSection.tsx";
import { AddDocumentTemplateButton } from "../../../templates/AddDocumentTemplateButton.tsx";
import { packageQueries } from "../../package-queries.ts";
import { useBuilder } from "../builder-context.tsx";
import { StipsSection } from "../invitation-step/StipsSection.tsx";
import { ConditionalRules } from "./ConditionalRules.tsx";
import { DataCollection } from "./DataCollection.tsx";
import { DocumentList } from "./DocumentList.tsx";
import { DocumentUploader } from "./DocumentUploader.tsx";
import { ExecutionMatrix } from "./ExecutionMatrix.tsx";
import { TagWorkspace } from "./TagWorkspace.tsx";

type Tab = "tags" | "documents" | "rules";

/**
 * Step 2 (spec §2): documents, how each participant executes them, tags and conditional rules.
 * Once the package has an E-Sign document the step opens on the tag workspace (issue 11 §3); the
 * documents and the rules are one tab away, so that nothing needs leaving the step.
 */
export function DocumentsStep() {
  const { organizationId, packageId, readOnly, pkg } = useBuilder();
  const kind = pkg.templateKind;
  const documents = useQuery(packageQueries.documents(organizationId, packageId));
  const participants = useQuery(packageQueries.participants(organizationId, packageId));
  const [openId, setOpenId] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab | null>(null);
  // each press of Place tags brings the workspace into view, even when it is the tab shown
  const [tagsAsked, setTagsAsked] = useState(0);
  const eSign = (documents.data?.records ?? []).filter((document) => document.executionType === "E_SIGN");

  // the tab to start on is chosen once, from what the package holds when the step opens
  useEffect(() => {
    if (tab === null && documents.data) setTab(eSign.length > 0 ? "tags" : "documents");
  }, [tab, documents.data, eSign.length]);
  // uploads that all went well, in a package without a tag yet, lead straight to placing tags:
  // that is the next thing to do (the matrix already follows what each participant does)
  const tags = useQuery(packageQueries.tags(organizationId, packageId));
  const uploaded = (ok: boolean) => {
    if (ok && !readOnly && (tags.data?.count ?? 0) === 0) setTab("tags");
  };
  const current = tab ?? "documents";
  // a tab's content mounts the first time it is shown and then stays (keepMounted: an upload or the
  // tag editor's state survive a look at another tab); the step opens on one tab, whose content is
  // not kept waiting by the others' reads and renders (the first page of the open document is what
  // a sender waits for)
  const [visited, setVisited] = useState<ReadonlySet<Tab>>(() => new Set());
  useEffect(() => {
    if (tab !== null && !visited.has(tab)) setVisited(new Set([...visited, tab]));
  }, [tab, visited]);
  const shown = (value: Tab) => tab === value || visited.has(value);
  const documentCount = documents.data?.count ?? 0;
  // a document template holds one document; a package template's documents come from document
  // templates (issue 13 §4); a package takes uploads and document templates alike
  const showUploader = !readOnly && kind !== "PACKAGE_TEMPLATE" && !(kind === "DOCUMENT_TEMPLATE" && documentCount > 0);
  const documentsText =
    kind === "DOCUMENT_TEMPLATE"
      ? "A document template holds one document: upload it, then place its tags."
      : kind === "PACKAGE_TEMPLATE"
        ? "Add the document templates the package is built from, in the order participants should see them."
        : "Upload the documents in the order participants should see them, or add them from a document template.";

  return (
    <Tabs value={current} onChange={(value) => value && setTab(value as Tab)} keepMounted>
      <Tabs.List aria-label="Parts of the documents step" mb="sm">
        <Tabs.Tab
          value="tags"
          leftSection={<IconSignature size={16} aria-hidden />}
          data-testid="tab-tags"
          onClick={() => setTagsAsked((count) => count + 1)}
        >
          Place tags
        </Tabs.Tab>
        <Tabs.Tab value="documents" leftSection={<IconFiles size={16} aria-hidden />} data-testid="tab-documents">
          Documents and who executes them
        </Tabs.Tab>
        <Tabs.Tab value="rules" leftSection={<IconListCheck size={16} aria-hidden />} data-testid="tab-rules">
          {kind === "PACKAGE_TEMPLATE" ? "Rules, data collection, signer uploads" : "Rules and data collection"}
        </Tabs.Tab>
      </Tabs.List>

      <Tabs.Panel value="tags">
        {shown("tags") && (
          <TagWorkspace
            documents={eSign}
            participants={participants.data?.records ?? []}
            openId={openId}
            onOpen={setOpenId}
            active={current === "tags"}
            reveal={tagsAsked}
          />
        )}
      </Tabs.Panel>

      <Tabs.Panel value="documents">
        {shown("documents") && (
          <Stack gap="lg">
            <FormSection title={kind === "DOCUMENT_TEMPLATE" ? "Document" : "Documents"} description={documentsText}>
              {showUploader && <DocumentUploader onSettled={uploaded} />}
              {!readOnly && kind !== "DOCUMENT_TEMPLATE" && (
                <div>
                  <AddDocumentTemplateButton
                    label={kind === "PACKAGE_TEMPLATE" ? "Add document template" : "Add from template"}
                    onAdded={() => uploaded(true)}
                  />
                </div>
              )}
              <DocumentList
                selectedId={openId}
                onSelect={(id) => {
                  setOpenId(id);
                  setTab("tags");
                }}
              />
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
          </Stack>
        )}
      </Tabs.Panel>

      <Tabs.Panel value="rules">
        {shown("rules") && (
          <Stack gap="lg">
            <FormSection
              title="Conditional rules"
              description="Show or require a tag only when another one is filled in."
            >
              <ConditionalRules />
            </FormSection>
            <FormSection
              title="Data collection"
              description="Questions a participant answers in the signing room, grouped, besides the documents."
            >
              <DataCollection />
            </FormSection>
            {kind === "PACKAGE_TEMPLATE" && <StipsSection />}
          </Stack>
        )}
      </Tabs.Panel>
    </Tabs>
  );
}
