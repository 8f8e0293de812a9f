import { type BulkSendRowInput, bulkSendRowInputSchema, MESSAGES } from "@signet/contract";
import type { UserActor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { enqueueOutbox } from "../jobs/enqueue-outbox.ts";
import type { JobContext } from "../jobs/job-context.ts";
import type { JobInput } from "../jobs/job-declarations.ts";
import { sendPackage } from "../package-actions/send-package.ts";
import { createPackageFromTemplate } from "../templates/package-from-template.ts";
import { type BulkSendRecord, refreshBulkSendCounts } from "./bulk-send-views.ts";

/** The row was taken by another run of the same job (a stalled job BullMQ handed out again). */
class RowTaken extends Error {}

type Row = { id: string; line: number; status: string; packageId: string | null; inputCiphertext: string | null };

/** The job acts as the member who started the bulk send, with their permissions as each row is processed. */
function starterActor(bulkSend: BulkSendRecord): UserActor {
  return {
    kind: "user",
    userId: bulkSend.createdById,
    organizationId: bulkSend.actorOrganizationId,
    tokenId: `bulk-send:${bulkSend.id}`,
    supportUser: bulkSend.actorSupportUser,
    partial: false,
    credentialsExpired: false,
    ip: null,
    userAgent: null,
  };
}

/** A failure as the row's reason: the use case's message and each of its details. */
function reasonOf(error: AppError): string {
  const details = (error.details ?? []).map((detail) => detail.message).filter((text) => text !== error.message);
  return [error.message, ...details].join(" ").slice(0, 2000);
}

/** The package's name: the row's, or the template's followed by the first person's name. */
function packageName(bulkSend: BulkSendRecord, input: BulkSendRowInput): string {
  if (input.packageName) return input.packageName;
  const first = input.people[0];
  const person = first ? `${first.givenName} ${first.familyName}` : "";
  return (person ? `${bulkSend.templateName} — ${person}` : bulkSend.templateName).slice(0, 255);
}

/**
 * A row fails for good only when the use case refused it (an AppError below 500: bad input, a rule,
 * a permission). Anything else — the database or the file store unreachable for a moment, an
 * unexpected fault — is thrown, so the job is retried and the row keeps its place; an operator sees
 * a job that keeps failing in the queue dashboard instead of a row marked failed by accident.
 */
function refusedByUseCase(error: unknown): error is AppError {
  return error instanceof AppError && error.status < 500;
}

async function failRow(deps: CoreDeps, row: Row, reason: string) {
  await deps.db.bulkSendRow.updateMany({
    where: { id: row.id, status: { in: ["PENDING", "CREATED"] } },
    data: { status: "FAILED", error: reason },
  });
}

/** Creates the row's package (unless an earlier run did) and sends it. */
async function processRow(deps: CoreDeps, actor: UserActor, bulkSend: BulkSendRecord, row: Row) {
  let packageId = row.packageId;
  if (row.status === "PENDING") {
    let input: BulkSendRowInput;
    try {
      input = bulkSendRowInputSchema.parse(JSON.parse(deps.fieldCipher.decrypt(row.inputCiphertext ?? "")));
    } catch {
      await failRow(deps, row, MESSAGES.somethingWrong);
      return;
    }
    try {
      const created = await createPackageFromTemplate(
        actor,
        {
          organizationId: bulkSend.organizationId,
          templateId: bulkSend.templateId,
          name: packageName(bulkSend, input),
          people: input.people,
          customFields: input.customFields,
        },
        deps,
        {
          // the row is marked in the package's own transaction: a package exists if and only if
          // its row says so, and a second run finds the row taken and creates nothing
          inTransaction: async (tx, id) => {
            const { count } = await tx.bulkSendRow.updateMany({
              where: { id: row.id, status: "PENDING" },
              data: { status: "CREATED", packageId: id },
            });
            if (count === 0) throw new RowTaken();
          },
        },
      );
      packageId = created.id;
    } catch (error) {
      if (error instanceof RowTaken) return;
      if (!refusedByUseCase(error)) throw error;
      await failRow(deps, row, reasonOf(error));
      return;
    }
  }
  if (!packageId) return;
  const pkg = await deps.db.package.findFirst({
    where: { id: packageId, organizationId: bulkSend.organizationId },
    select: { version: true, sentAt: true },
  });
  if (!pkg) {
    await failRow(deps, row, MESSAGES.somethingWrong);
    return;
  }
  if (pkg.sentAt === null) {
    try {
      await sendPackage(actor, { organizationId: bulkSend.organizationId, packageId, version: pkg.version }, deps);
    } catch (error) {
      // another run sent it meanwhile: that is this row's send too
      const sent = await deps.db.package.findFirst({ where: { id: packageId }, select: { sentAt: true } });
      if (!sent?.sentAt) {
        if (!refusedByUseCase(error)) throw error;
        await failRow(deps, row, reasonOf(error));
        return;
      }
    }
  }
  await deps.db.bulkSendRow.updateMany({ where: { id: row.id, status: "CREATED" }, data: { status: "SENT" } });
}

/**
 * Works through one bulk send's rows in line order, a few at a time (issue 13 §5). Restart-safe:
 * each row's state is recorded as it moves (PENDING → CREATED with its package, in the package's
 * transaction → SENT), so a rerun after a crash continues where the last run stopped and never
 * creates a package twice. A row's failure is recorded with its reason and the next row goes on. A
 * cancel request is read between batches of rows: the rows still waiting are SKIPPED. One run works
 * for at most `budgetMs` and then answers "more" (the job queues its continuation), so that no
 * single job holds a worker, or the embedded relay's transaction, for a thousand rows.
 */
export async function runBulkSend(
  deps: CoreDeps,
  bulkSendId: string,
  options: { budgetMs?: number } = {},
): Promise<"done" | "more"> {
  const bulkSend = await deps.db.bulkSend.findUnique({ where: { id: bulkSendId } });
  if (!bulkSend || bulkSend.status === "COMPLETED" || bulkSend.status === "CANCELLED" || bulkSend.status === "FAILED")
    return "done";
  await deps.db.bulkSend.updateMany({
    where: { id: bulkSendId, status: "QUEUED" },
    data: { status: "RUNNING", startedAt: new Date(), version: { increment: 1 } },
  });
  const actor = starterActor(bulkSend);
  const until = Date.now() + (options.budgetMs ?? RUN_BUDGET_MS);
  let cancelled = false;
  const cancelRequested = async () => {
    const current = await deps.db.bulkSend.findUnique({ where: { id: bulkSendId }, select: { cancelRequested: true } });
    cancelled ||= !current || current.cancelRequested;
    return cancelled;
  };
  // the first row alone, then pages of rows that ROWS_AT_ONCE lanes share, each lane taking the
  // next row as soon as its last is done: a run out of budget at once (or cancelled after one row)
  // has still moved by exactly one row
  let take = 1;
  while (!(await cancelRequested())) {
    const rows = await deps.db.bulkSendRow.findMany({
      where: { bulkSendId, status: { in: ["PENDING", "CREATED"] } },
      orderBy: { line: "asc" },
      take,
      select: { id: true, line: true, status: true, packageId: true, inputCiphertext: true },
    });
    if (rows.length === 0) break;
    let next = 0;
    const lane = async () => {
      for (let row = rows[next++]; row; row = rows[next++]) {
        // the cancel request is read before every row but the page's first, as one lane did alone
        if (next > 1 && (await cancelRequested())) return;
        await processRow(deps, actor, bulkSend, row);
      }
    };
    // every lane settles before a fault is thrown: no row is left half-way behind the retry
    const settled = await Promise.allSettled(Array.from({ length: Math.min(ROWS_AT_ONCE, rows.length) }, lane));
    const fault = settled.find((result) => result.status === "rejected");
    if (fault) throw fault.reason;
    await refreshBulkSendCounts(deps.db, bulkSendId);
    if (cancelled) break;
    if (Date.now() > until) return "more";
    take = ROWS_PER_PAGE;
  }
  if (cancelled) {
    await deps.db.bulkSendRow.updateMany({
      where: { bulkSendId, status: { in: ["PENDING", "CREATED"] } },
      data: { status: "SKIPPED" },
    });
  }
  // the input held people's contacts: once a row is done it is no longer needed
  await deps.db.bulkSendRow.updateMany({
    where: { bulkSendId, status: { notIn: ["PENDING", "CREATED"] } },
    data: { inputCiphertext: null },
  });
  await refreshBulkSendCounts(deps.db, bulkSendId);
  await deps.db.bulkSend.updateMany({
    where: { id: bulkSendId, status: { in: ["QUEUED", "RUNNING"] } },
    data: { status: cancelled ? "CANCELLED" : "COMPLETED", finishedAt: new Date(), version: { increment: 1 } },
  });
  return "done";
}

const RUN_BUDGET_MS = 20_000;
/**
 * Rows worked on at once: a row spends most of its time waiting on the database and the file
 * store, so a few at a time keep the worker busy (issue 35 §2: a bulk send is not slower than a
 * client making and sending the packages at 10 connections). Kept below the worker's pool of 5
 * connections, which the relay and the mail jobs share.
 */
const ROWS_AT_ONCE = 4;
/** rows read at once for the lanes: the counts are refreshed and the budget checked once a page */
const ROWS_PER_PAGE = 20;

export const runBulkSendJob = {
  async handle(context: JobContext, job: JobInput<"bulk-send.run">) {
    if ((await runBulkSend(context, job.bulkSendId)) === "done") return;
    // the continuation is keyed by the first row still to do, so a retried run queues the same one
    const next = await context.db.bulkSendRow.findFirst({
      where: { bulkSendId: job.bulkSendId, status: { in: ["PENDING", "CREATED"] } },
      orderBy: { line: "asc" },
      select: { line: true },
    });
    if (!next) {
      await runBulkSend(context, job.bulkSendId);
      return;
    }
    await enqueueOutbox(context.db, "bulk-send.run", job, `bulk-send:${job.bulkSendId}:from-line-${next.line}`);
  },
};
