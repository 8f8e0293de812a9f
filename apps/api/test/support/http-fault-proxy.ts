import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FaultMode =
  /** relay to the upstream unchanged */
  | { kind: "pass" }
  /** answer the next `count` requests with a 500 S3 error, then relay again */
  | { kind: "fail"; count: number }
  /** read the request, then never answer it (a store that hangs) */
  | { kind: "hold" };

export interface HttpFaultProxy {
  /** the proxy's origin, to use in place of the upstream's */
  url: string;
  /** every request received ("METHOD /path?query"), whatever was done with it */
  seen: string[];
  set(mode: FaultMode): void;
  close(): Promise<void>;
}

/**
 * An HTTP relay on loopback in front of a real server (the S3 server), which can make it fail with
 * a 500 or stop answering. Requests go through byte for byte, the Host header included, so a
 * request's signature still matches at the server.
 */
export async function startHttpFaultProxy(upstreamUrl: string): Promise<HttpFaultProxy> {
  const upstream = new URL(upstreamUrl);
  let mode: FaultMode = { kind: "pass" };
  const held = new Set<ServerResponse>();
  const relay = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const forwarded = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on("error", () => outgoing.destroy());
    incoming.pipe(forwarded);
  };
  const server = createServer((incoming, outgoing) => {
    proxy.seen.push(`${incoming.method} ${incoming.url}`);
    if (mode.kind === "pass") return relay(incoming, outgoing);
    incoming.resume();
    if (mode.kind === "hold") {
      held.add(outgoing);
      outgoing.on("close", () => held.delete(outgoing));
      return;
    }
    mode = mode.count > 1 ? { kind: "fail", count: mode.count - 1 } : { kind: "pass" };
    incoming.on("end", () => {
      outgoing.writeHead(500, { "content-type": "application/xml" });
      outgoing.end(
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>We encountered an internal error. Please try again.</Message></Error>',
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const proxy: HttpFaultProxy = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen: [],
    set(next) {
      mode = next;
      if (next.kind !== "hold") for (const response of held) response.destroy();
    },
    close: () =>
      new Promise((resolve) => {
        for (const response of held) response.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return proxy;
}
