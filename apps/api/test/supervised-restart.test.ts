import { createTestDatabase, type TestDatabase } from "@signet/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiProcess, spawnApiProcess } from "./support/api-process.ts";

// Issue 29 §1: under `pnpm start` (the supervisor), an API process that dies is started again, with
// the reason logged; the supervisor's own stop ends the API with it.

let database: TestDatabase;
let api: ApiProcess;

beforeAll(async () => {
  database = await createTestDatabase();
  api = await spawnApiProcess({ DATABASE_URL: database.url }, "supervised");
}, 180_000);

afterAll(async () => {
  await api?.stop();
  await database?.drop();
});

const readyPids = () => [...api.output().matchAll(/API process (\d+) is ready/g)].map((match) => Number(match[1]));

async function waitFor<T>(what: string, probe: () => Promise<T | null> | T | null, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== null) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms:\n${api.output().slice(-3000)}`);
}

describe("pnpm start's supervisor", () => {
  it("starts a killed API process again, saying why it stopped", async () => {
    const first = await waitFor("the first start", () => readyPids()[0] ?? null);
    process.kill(first, "SIGKILL");
    const second = await waitFor("a restart", () => readyPids().find((pid) => pid !== first) ?? null);
    expect(second).not.toBe(first);
    expect(api.output()).toMatch(new RegExp(`API process ${first} killed by SIGKILL after \\d+ s; restarting in 1 s`));
    expect(api.alive()).toBe(true);
    expect(await api.ready()).toBe(200);
  });

  it("ends the API process when it is stopped itself", async () => {
    const running = readyPids().at(-1)!;
    await api.stop();
    expect(api.process.exitCode).toBe(0);
    expect(() => process.kill(running, 0)).toThrow();
  });
});
