import { type Document, documentRoutes, tagRoutes } from "@signet/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { ApiError, errorMessage } from "../../../../api/api-error.ts";
import { api } from "../../../../api/client.ts";
import { toastError } from "../../../../components/toast.ts";
import { invalidatePackage } from "../../package-queries.ts";
import { useBuilder } from "../builder-context.tsx";
import { useAutosave } from "../use-autosave.ts";
import { conflictMessage } from "../use-builder-call.ts";
import { createdIds } from "./created-tag-ids.ts";
import { type Draft, type DraftTag, fromTag } from "./draft-tag.ts";
import { type History, record, redo, replacePresent, startHistory, undo } from "./tag-history.ts";

/**
 * One document's tags as the editor changes them (issue 11 §2): loaded once, then the draft with its
 * undo history is the truth; it saves by itself, all tags at once at the document's version, and a
 * conflict reloads what the server has (`onReloaded` then drops what the editor pointed at).
 */
export function useTagDraft(document: Document, onReloaded: () => void) {
  const { organizationId, packageId, readOnly, track } = useBuilder();
  const client = useQueryClient();
  const params = { orgId: organizationId, packageId, documentId: document.id };
  const tagsQuery = useQuery({
    queryKey: ["packages", organizationId, packageId, "document-tags", document.id],
    queryFn: ({ signal }) => api(tagRoutes.listDocumentTags, { params, signal }),
  });
  const [history, setHistory] = useState<History<Draft> | null>(null);
  const [dirty, setLocalDirty] = useState(false);
  const documentVersion = useRef(document.version);
  useEffect(() => {
    documentVersion.current = Math.max(documentVersion.current, document.version);
  }, [document.version]);
  const savedIds = useRef<Set<string>>(new Set());
  const draft = history?.present ?? null;
  const latestDraft = useRef(draft);
  latestDraft.current = draft;

  // the saved tags once; afterwards the draft is the truth until a conflict reloads them
  useEffect(() => {
    if (tagsQuery.data && history === null) {
      savedIds.current = new Set(tagsQuery.data.records.map((tag) => tag.id));
      setHistory(startHistory(tagsQuery.data.records.map(fromTag)));
    }
  }, [tagsQuery.data, history]);

  const change = (next: Draft, merge: string | null = null) => {
    setHistory((current) => (current ? record(current, next, merge) : current));
    setLocalDirty(true);
  };
  const update = (key: string, patch: Partial<DraftTag>, merge: string | null = null) => {
    const tags = latestDraft.current ?? [];
    const tag = tags.find((t) => t.key === key);
    if (!tag || Object.entries(patch).every(([field, value]) => tag[field as keyof DraftTag] === value)) return;
    change(
      tags.map((t) => (t.key === key ? { ...t, ...patch } : t)),
      merge,
    );
  };
  /** Undo or redo; the tags it leaves, or null when there was nothing to undo or redo. */
  const step = (direction: "undo" | "redo"): Draft | null => {
    if (!history) return null;
    const next = direction === "undo" ? undo(history) : redo(history);
    if (next === history) return null;
    setHistory(next);
    setLocalDirty(true);
    return next.present;
  };

  async function save(): Promise<boolean> {
    const sent = latestDraft.current;
    if (!sent) return true;
    // a tag brought back by Undo after its deletion was saved is a new tag again
    const body = sent.map(({ key: _key, id, ...tag }) =>
      id !== undefined && savedIds.current.has(id) ? { ...tag, id } : tag,
    );
    try {
      const saved = await track(
        api(tagRoutes.replaceDocumentTags, {
          params,
          body: { version: documentVersion.current, tags: body },
          passThrough: true,
        }),
      );
      documentVersion.current = saved.documentVersion;
      savedIds.current = new Set(saved.records.map((tag) => tag.id));
      const ids = createdIds(
        sent.map((tag) => ({ ...tag, id: tag.id && savedIds.current.has(tag.id) ? tag.id : undefined })),
        saved.records,
      );
      const withIds = (tags: Draft) =>
        tags.map((tag) => {
          const id = ids.get(tag.key) ?? (tag.id && savedIds.current.has(tag.id) ? tag.id : undefined);
          return id === tag.id ? tag : { ...tag, id };
        });
      setHistory((current) => (current ? replacePresent(current, withIds(current.present)) : current));
      // edits made while this save was on its way save next
      if (latestDraft.current === sent) setLocalDirty(false);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        toastError(conflictMessage(error));
        const fresh = await tagsQuery.refetch();
        const current = await api(documentRoutes.getDocument, { params });
        documentVersion.current = current.version;
        const records = fresh.data?.records ?? [];
        savedIds.current = new Set(records.map((tag) => tag.id));
        setHistory(startHistory(records.map(fromTag)));
        setLocalDirty(false);
        onReloaded();
      } else if (!(error instanceof ApiError && error.handled)) toastError(errorMessage(error));
      return false;
    } finally {
      await invalidatePackage(client, organizationId, packageId);
    }
  }

  useAutosave({
    key: `tags:${document.id}`,
    changed: dirty,
    edits: JSON.stringify(draft),
    disabled: readOnly,
    save,
  });

  return { history, draft, latestDraft, change, update, step };
}
