import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createBullmqPublisher, createRedis } from "../../src/jobs/bullmq-queues.ts";
import type { OutboxRow } from "../../src/jobs/outbox-relay.ts";

const connection = createRedis(process.env.REDIS_URL || "redis://127.0.0.1:6379");
const prefix = `signet-test-publisher-${randomUUID()}`;
const publisher = createBullmqPublisher(connection, prefix);

afterAll(async () => {
  for (const queue of publisher.queues.values()) await queue.obliterate({ force: true });
  await publisher.close();
  await connection.quit();
});

let id = 0n;
const row = (queue: string, jobName: string): OutboxRow => ({
  id: ++id,
  queue,
  jobName,
  payload: { mailingId: randomUUID(), round: 1 },
  idempotencyKey: `print-mail.poll:${randomUUID()}`,
  attempts: 0,
});

describe("the BullMQ publisher's batch", () => {
  it("adds each queue's rows in one addBulk, answers each row in order, and refuses an unknown queue alone", async () => {
    const queues = [...publisher.queues.keys()];
    expect(queues.length).toBeGreaterThan(1);
    const rows = [row(queues[0]!, "a"), row("no-such-queue", "b"), row(queues[1]!, "c"), row(queues[0]!, "d")];

    const outcomes = await publisher.publish.batch!(rows);

    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled"]);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toContain("Unknown queue no-such-queue");
    for (const published of [rows[0]!, rows[2]!, rows[3]!]) {
      const job = await publisher.queues.get(published.queue)!.getJob(published.idempotencyKey.replace(/:/g, "~"));
      expect(job?.name).toBe(published.jobName);
      expect(job?.data).toMatchObject({ idempotencyKey: published.idempotencyKey, outboxId: published.id.toString() });
      expect(job?.opts.attempts).toBe(8);
    }
  });

  it("adds a row published twice (a relay retry after a lost commit) once", async () => {
    const queue = publisher.queues.get([...publisher.queues.keys()][0]!)!;
    const before = await queue.getJobCountByTypes("waiting", "delayed", "active", "completed", "failed");
    const again = row(queue.name, "again");
    await publisher.publish.batch!([again]);
    await publisher.publish.batch!([again]);
    expect(await queue.getJobCountByTypes("waiting", "delayed", "active", "completed", "failed")).toBe(before + 1);
  });

  it("fails only the row BullMQ refuses when a queue's addBulk fails, adding the others one by one", async () => {
    const queue = publisher.queues.get([...publisher.queues.keys()][0]!)!;
    // BullMQ refuses a custom job id that is an integer, and with it the whole addBulk
    const refused = { ...row(queue.name, "refused"), idempotencyKey: "12345" };
    const fine = row(queue.name, "fine");
    const outcomes = await publisher.publish.batch!([refused, fine]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["rejected", "fulfilled"]);
    expect((await queue.getJob(fine.idempotencyKey.replace(/:/g, "~")))?.name).toBe("fine");
  });
});
