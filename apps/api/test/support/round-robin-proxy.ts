import { createServer, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface RoundRobinProxy {
  url: string;
  /** requests answered, by upstream port */
  hits: Map<number, number>;
  /** requests that found an upstream down and went to the next one */
  retried: number;
  close(): Promise<void>;
}

/**
 * A small load balancer on loopback, as an installation puts in front of its API replicas: each
 * request goes to the next upstream in turn; one that refuses the connection (a replica that died)
 * is skipped and the request, buffered, goes to the next. No stickiness: every replica must accept
 * every session.
 */
/** An upstream: a port on loopback, or a host and port elsewhere on the network. */
export type Upstream = number | { host: string; port: number };

export async function startRoundRobinProxy(upstreams: Upstream[], port = 0): Promise<RoundRobinProxy> {
  const upstreamPorts = upstreams.map((upstream) => (typeof upstream === "number" ? upstream : upstream.port));
  const hostOf = (index: number) => {
    const upstream = upstreams[index]!;
    return typeof upstream === "number" ? "127.0.0.1" : upstream.host;
  };
  let next = 0;
  const proxy: RoundRobinProxy = { url: "", hits: new Map(), retried: 0, close: async () => {} };
  const forward = (
    method: string,
    path: string,
    headers: IncomingHttpHeaders,
    body: Buffer,
    attempt: number,
    respond: (status: number, headers: IncomingHttpHeaders, stream: NodeJS.ReadableStream | null) => void,
  ) => {
    const index = next++ % upstreamPorts.length;
    const upstream = upstreamPorts[index]!;
    const host = hostOf(index);
    const outgoing = httpRequest(
      { host, port: upstream, method, path, headers: { ...headers, host: `${host}:${upstream}` } },
      (answer) => {
        proxy.hits.set(upstream, (proxy.hits.get(upstream) ?? 0) + 1);
        respond(answer.statusCode ?? 502, answer.headers, answer);
      },
    );
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED" && attempt < upstreamPorts.length) {
        proxy.retried++;
        forward(method, path, headers, body, attempt + 1, respond);
      } else {
        respond(502, { "content-type": "text/plain" }, null);
      }
    });
    outgoing.end(body);
  };
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      forward(
        incoming.method ?? "GET",
        incoming.url ?? "/",
        incoming.headers,
        Buffer.concat(chunks),
        1,
        (status, headers, stream) => {
          outgoing.writeHead(status, headers);
          if (stream) stream.pipe(outgoing);
          else outgoing.end("upstream unavailable");
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return proxy;
}
