import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isOutboundRefusal, outboundFetch } from "./outbound-fetch.ts";

// The policy where sockets open: names judged by what they resolve to, literals and redirect hops
// judged too, plain HTTP refused, answers bounded. A loopback server stands in for every target.

let port: number;
const server = createServer((request, response) => {
  if (request.url === "/to-loopback-name") {
    response.writeHead(302, { location: `http://localhost:${port}/inside` });
    response.end();
    return;
  }
  response.writeHead(200);
  response.end("x".repeat(5000));
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  return isOutboundRefusal(error);
};

describe("outboundFetch", () => {
  it("refuses a public-looking name that resolves inside (DNS rebinding)", async () => {
    const rebound = outboundFetch({ allowedHosts: [] }, { resolve: async () => [{ address: "127.0.0.1" }] });
    expect(await refusal(rebound(`https://hooks.example.com:${port}/`))).toBe(true);
    const mixed = outboundFetch(
      { allowedHosts: [] },
      { resolve: async () => [{ address: "93.184.216.34" }, { address: "169.254.169.254" }] },
    );
    expect(await refusal(mixed(`https://hooks.example.com:${port}/`))).toBe(true);
  });

  it.each([
    "https://127.0.0.1:9443/",
    "https://[::1]:9443/",
    "https://[2002:7f00:1::]:9443/",
    "https://[::ffff:169.254.169.254]/",
    "https://localhost:9443/",
    "http://hooks.example.com/",
  ])("refuses %s before any connection", async (url) => {
    expect(await refusal(outboundFetch({ allowedHosts: [] })(url))).toBe(true);
  });

  it("lets through hosts the operator named, and refuses a redirect from one to a host not named", async () => {
    const fetch = outboundFetch({ allowedHosts: [`127.0.0.1:${port}`] });
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    const manual = await fetch(`http://127.0.0.1:${port}/to-loopback-name`);
    expect(manual.status).toBe(302);
    expect(await refusal(fetch(`http://127.0.0.1:${port}/to-loopback-name`, { redirect: "follow" }))).toBe(true);
    // the same port on another loopback name is not what the operator named
    expect(await refusal(outboundFetch({ allowedHosts: ["127.0.0.1:9443"] })(`http://127.0.0.1:${port}/`))).toBe(true);
  });

  it("stops reading an answer larger than the limit", async () => {
    const fetch = outboundFetch({ allowedHosts: ["127.0.0.1"] }, { maxResponseBytes: 1000 });
    const error = await fetch(`http://127.0.0.1:${port}/`)
      .then((response) => response.text())
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(error).not.toBeNull();
  });
});
