import type { Signet } from "@signet/sdk";

/**
 * Sends one package per CSV row from a package template, then waits until every row is done.
 * Answers the finished bulk send and the rows that failed, each with its line and reason.
 */
export async function bulkSend({
  signet,
  templateId,
  csv,
  fileName,
  pollMs = 2000,
  onProgress,
}: {
  signet: Signet;
  templateId: string;
  /** a header line as the template's CSV template names the columns, then one row per package */
  csv: string;
  fileName: string;
  pollMs?: number;
  onProgress?: (done: number, total: number) => void;
}) {
  const file = new TextEncoder().encode(csv);
  // the check starts nothing: it reports problems of the file before any package is made
  const check = await signet.packageTemplates.checkBulkSend({
    params: { templateId },
    file,
    fileName,
    contentType: "text/csv",
  });
  if (check.headerProblems.length > 0) throw new Error(`The CSV's header: ${check.headerProblems.join("; ")}`);

  let bulk = await signet.packageTemplates.startBulkSend({
    params: { templateId },
    file,
    fileName,
    contentType: "text/csv",
  });
  for (;;) {
    onProgress?.(bulk.sentCount + bulk.failedCount + bulk.skippedCount, bulk.totalRows);
    if (bulk.status === "COMPLETED" || bulk.status === "CANCELLED") break;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    bulk = await signet.bulkSends.get({ params: { bulkSendId: bulk.id } });
  }

  const failedRows = [];
  for await (const row of signet.bulkSends.listRows.all({
    params: { bulkSendId: bulk.id },
    query: { status: "FAILED" },
  })) {
    failedRows.push({ line: row.line, reason: row.error });
  }
  return { bulkSend: bulk, failedRows };
}
