import { Button, Group, Paper, Progress, Stack, Text } from "@mantine/core";
import { DOCUMENT_MESSAGES, formatMegabytes } from "@signet/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useConfig } from "../../../../app/services-context.tsx";
import { invalidatePackage } from "../../package-queries.ts";
import { useBuilder } from "../builder-context.tsx";
import { uploadFile } from "./upload-file.ts";
import {
  afterFailure,
  cancelled,
  newUpload,
  nextToStart,
  refused,
  retried,
  started,
  type UploadItem,
} from "./upload-queue.ts";

const ACCEPT = "application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg";
const nameOf = (fileName: string) => fileName.replace(/\.[^.]+$/, "") || fileName;

/**
 * Drop or pick files: at most two upload at once, each with a progress bar, a cancel button while
 * it runs, automatic retries after network failures and a manual retry (spec §9). A file the server
 * refused says why and can be removed from the list (a retry would be refused again); an uploaded
 * file leaves this list once the document list below shows it, so it is never listed twice.
 */
export function DocumentUploader(props: {
  /** a batch of uploads finished; `ok` when none of them failed or was cancelled */
  onSettled?: (ok: boolean) => void;
}) {
  const { organizationId, packageId, track, setDirty } = useBuilder();
  const maxBytes = useConfig().maxUploadBytes;
  const client = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const files = useRef(new Map<string, File>());
  const aborts = useRef(new Map<string, AbortController>());
  const input = useRef<HTMLInputElement>(null);
  const [dragOver, setDragOver] = useState(false);

  const update = useCallback((id: string, change: (item: UploadItem) => UploadItem) => {
    setItems((current) => current.map((item) => (item.id === id ? change(item) : item)));
  }, []);

  const remove = useCallback((id: string) => {
    files.current.delete(id);
    setItems((current) => current.filter((item) => item.id !== id));
  }, []);

  const start = useCallback(
    (item: UploadItem) => {
      const file = files.current.get(item.id);
      if (!file) return;
      const controller = new AbortController();
      aborts.current.set(item.id, controller);
      update(item.id, (current) => started(current, Date.now()));
      void track(
        uploadFile(
          { orgId: organizationId, packageId },
          file,
          { name: nameOf(file.name) },
          (fraction) => update(item.id, (current) => ({ ...current, progress: fraction })),
          controller.signal,
        ),
      ).then(async (result) => {
        aborts.current.delete(item.id);
        if (result.ok) {
          update(item.id, (current) => ({ ...current, status: "done", progress: 1 }));
          await invalidatePackage(client, organizationId, packageId);
          remove(item.id);
        } else if (controller.signal.aborted) {
          update(item.id, (current) => cancelled(current, DOCUMENT_MESSAGES.uploadCancelled));
        } else {
          update(item.id, (current) => afterFailure(current, result.message ?? "", result.retryable, Date.now()));
        }
      });
    },
    [client, organizationId, packageId, track, update, remove],
  );

  // the queue: start what may start now, and wake up for waiting retries
  useEffect(() => {
    const now = Date.now();
    for (const item of nextToStart(items, now)) start(item);
    const waiting = items.filter((item) => item.status === "waiting-retry" && item.retryAt !== null);
    if (waiting.length === 0) return;
    const soonest = Math.min(...waiting.map((item) => item.retryAt as number));
    const timer = setTimeout(() => setItems((current) => [...current]), Math.max(0, soonest - now));
    return () => clearTimeout(timer);
  }, [items, start]);

  const busy = items.some((item) => ["queued", "uploading", "waiting-retry"].includes(item.status));
  useEffect(() => setDirty("uploads", busy), [busy, setDirty]);
  const wasBusy = useRef(false);
  const onSettled = useRef(props.onSettled);
  onSettled.current = props.onSettled;
  // a batch is settled when nothing waits; it went well when nothing is left failed or cancelled
  useEffect(() => {
    if (wasBusy.current && !busy) {
      onSettled.current?.(items.every((item) => item.status === "done"));
    }
    wasBusy.current = busy;
  }, [busy, items]);

  function add(list: FileList | null) {
    if (!list) return;
    const added: UploadItem[] = [];
    for (const file of Array.from(list)) {
      const id = crypto.randomUUID();
      files.current.set(id, file);
      const item = newUpload(id, file);
      added.push(file.size > maxBytes ? refused(item, DOCUMENT_MESSAGES.uploadTooLarge) : item);
    }
    setItems((current) => [...current, ...added]);
  }

  return (
    <Stack gap="sm">
      <Paper
        withBorder
        p="lg"
        data-testid="upload-drop-zone"
        style={{ borderStyle: "dashed", background: dragOver ? "var(--mantine-color-blue-0)" : undefined }}
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes("Files")) return;
          event.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={(event) => {
          if (!event.dataTransfer.types.includes("Files")) return;
          event.preventDefault();
          setDragOver(false);
          add(event.dataTransfer.files);
        }}
      >
        <Group justify="space-between">
          <div>
            <Text fw={600}>Drop PDF, PNG or JPEG files here</Text>
            <Text size="sm" c="dimmed">
              Up to {formatMegabytes(maxBytes)} each. Images become one-page PDFs.
            </Text>
          </div>
          <Button variant="light" onClick={() => input.current?.click()}>
            Choose files
          </Button>
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            multiple
            hidden
            aria-label="Choose files to upload"
            onChange={(event) => {
              add(event.currentTarget.files);
              event.currentTarget.value = "";
            }}
          />
        </Group>
      </Paper>
      {items.length > 0 && (
        <Stack gap="xs" aria-label="Uploads">
          {items.map((item) => (
            <UploadRow
              key={item.id}
              item={item}
              onCancel={() => aborts.current.get(item.id)?.abort()}
              onRetry={() => update(item.id, retried)}
              onRemove={() => remove(item.id)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** What happened to one file, in words, with what can be done about it. */
function statusWords(item: UploadItem): string {
  switch (item.status) {
    case "done":
      return "Uploaded";
    case "queued":
      return "Waiting…";
    case "uploading":
      return `${Math.round(item.progress * 100)}%`;
    case "waiting-retry":
      return `${item.error} Trying again in a moment…`;
    case "cancelled":
    case "failed":
      return item.error ?? DOCUMENT_MESSAGES.uploadFailed;
  }
}

function UploadRow({
  item,
  onCancel,
  onRetry,
  onRemove,
}: {
  item: UploadItem;
  onCancel: () => void;
  onRetry: () => void;
  onRemove: () => void;
}) {
  const stopped = item.status === "failed" || item.status === "cancelled";
  return (
    <Paper withBorder p="xs" data-testid="upload-item" data-status={item.status}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500} truncate>
          {item.fileName}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Text size="xs" c={item.status === "failed" ? "red.8" : "dimmed"} role={stopped ? "alert" : undefined}>
            {statusWords(item)}
          </Text>
          {item.status === "uploading" && (
            <Button size="compact-xs" variant="subtle" color="red" onClick={onCancel}>
              Cancel
            </Button>
          )}
          {item.canRetry && (stopped || item.status === "waiting-retry") && (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={onRetry}
              aria-label={`Retry upload of ${item.fileName}`}
            >
              Retry
            </Button>
          )}
          {stopped && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              onClick={onRemove}
              aria-label={`Remove ${item.fileName} from the list`}
            >
              Remove
            </Button>
          )}
        </Group>
      </Group>
      <Progress
        mt={4}
        size="sm"
        value={item.progress * 100}
        color={stopped ? "red" : item.status === "done" ? "teal" : "blue"}
        aria-label={`Upload progress of ${item.fileName}`}
      />
    </Paper>
  );
}
