import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postWebhook } from "./post-webhook.ts";

// Delivery: redirects, the excerpt, the deadline (the address checks: outbound-fetch.test.ts).

let port: number;
const server = createServer((request, response) => {
  if (request.url === "/redirect") {
    response.writeHead(302, { location: "http://127.0.0.1/elsewhere" });
    response.end();
    return;
  }
  response.writeHead(200);
  response.end("x".repeat(5000));
});
const loopback = { allowedHosts: ["127.0.0.1"] };
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("postWebhook", () => {
  it("does not follow redirects, and keeps only the first kilobyte of an answer", async () => {
    const redirected = await postWebhook(`http://127.0.0.1:${port}/redirect`, "{}", {}, { policy: loopback });
    expect(redirected.statusCode).toBe(302);
    const long = await postWebhook(`http://127.0.0.1:${port}/`, "{}", {}, { policy: loopback });
    expect(long.statusCode).toBe(200);
    expect(long.responseExcerpt).toHaveLength(1024);
  });

  it("gives up after the timeout", async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`;
      const result = await postWebhook(url, "{}", {}, { policy: loopback, timeoutMs: 200 });
      expect([result.statusCode, result.error]).toEqual([null, "No answer within 200 ms"]);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
