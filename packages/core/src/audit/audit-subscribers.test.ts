import { describe, expect, it, vi } from "vitest";
import type { Prisma } from "../db/generated/client.ts";
import type { AuditEventInput } from "./append-audit-event.ts";

const change: AuditEventInput = { organizationId: null, streamType: "package", streamId: "p", type: "package.sent" };
const tx = {} as Prisma.TransactionClient;

// a fresh copy of the module each time: what one test subscribes must not leak into the next
const freshModule = async () => {
  vi.resetModules();
  return import("./audit-subscribers.ts");
};

describe("audit subscribers", () => {
  it("refuses to append side effects in a process whose composition root subscribed nothing", async () => {
    const { runAuditSubscribers } = await freshModule();
    await expect(runAuditSubscribers(tx, change, new Date())).rejects.toThrow(/subscribeToAuditEvents/);
  });

  it("runs every subscriber in order, in the caller's transaction, with the change", async () => {
    const { runAuditSubscribers, subscribeToAuditEvents } = await freshModule();
    const calls: string[] = [];
    subscribeToAuditEvents([
      async (given, seen) => void calls.push(`first ${given === tx} ${seen.type}`),
      async (given, seen) => void calls.push(`second ${given === tx} ${seen.type}`),
    ]);
    await runAuditSubscribers(tx, change, new Date());
    expect(calls).toEqual(["first true package.sent", "second true package.sent"]);
  });

  it("an empty list is a deliberate choice, not a forgotten one", async () => {
    const { runAuditSubscribers, subscribeToAuditEvents } = await freshModule();
    subscribeToAuditEvents([]);
    await expect(runAuditSubscribers(tx, change, new Date())).resolves.toBeUndefined();
  });
});
