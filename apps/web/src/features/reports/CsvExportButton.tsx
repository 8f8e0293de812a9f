import { Button, Group, Progress, Text } from "@mantine/core";
import { reportRoutes } from "@signet/contract";
import { IconDownload } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { ApiError, errorMessage } from "../../api/api-error.ts";
import { buildRequest } from "../../api/build-request.ts";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { type CsvProgress, downloadCsv } from "./csv-download.ts";
import type { toReportFilter } from "./report-search.ts";

const number = new Intl.NumberFormat("en-US");
const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Exports every package of the report as CSV, showing rows received while the file streams in. */
export function CsvExportButton({
  organizationId,
  filter,
  disabled,
}: {
  organizationId: string;
  filter: ReturnType<typeof toReportFilter>;
  disabled: boolean;
}) {
  const [progress, setProgress] = useState<CsvProgress | null>(null);
  const abort = useRef<AbortController | null>(null);

  async function start() {
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ bytes: 0, rows: 0, total: null });
    const { url } = buildRequest(
      reportRoutes.packageReportCsv,
      { params: { orgId: organizationId }, query: filter },
      null,
    );
    try {
      const done = await downloadCsv(url, {
        onProgress: setProgress,
        signal: controller.signal,
        fallbackName: "package-report.csv",
      });
      toastSuccess(
        `Exported ${number.format(done.rows)} ${done.rows === 1 ? "package" : "packages"} to ${done.fileName}.`,
      );
    } catch (error) {
      if (!controller.signal.aborted && !(error instanceof ApiError && error.handled)) toastError(errorMessage(error));
    } finally {
      abort.current = null;
      setProgress(null);
    }
  }

  if (!progress) {
    return (
      <Button
        leftSection={<IconDownload size={16} />}
        variant="default"
        disabled={disabled}
        onClick={() => void start()}
      >
        Export CSV
      </Button>
    );
  }
  const percent = progress.total ? Math.min(100, (progress.rows / progress.total) * 100) : 0;
  return (
    <Group gap="sm" wrap="nowrap" miw={260}>
      <div style={{ flex: 1 }}>
        <Progress value={percent} animated aria-label="Export progress" />
        <Text size="xs" c="dimmed" mt={4} aria-live="polite">
          {progress.total === null
            ? `${number.format(progress.rows)} rows, ${size(progress.bytes)}`
            : `${number.format(progress.rows)} of ${number.format(progress.total)} rows, ${size(progress.bytes)}`}
        </Text>
      </div>
      <Button size="xs" variant="subtle" color="gray" onClick={() => abort.current?.abort()}>
        Cancel export
      </Button>
    </Group>
  );
}
