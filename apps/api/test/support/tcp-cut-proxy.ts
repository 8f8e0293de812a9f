import type { AddressInfo } from "node:net";
import { createServer, Socket } from "node:net";

export interface TcpCutProxy {
  /** the upstream URL with the proxy's port, e.g. redis://127.0.0.1:40123/0 */
  url: string;
  /** Drops every open connection and refuses new ones, as a service that went down does. */
  cut(): void;
  /** Accepts connections again. */
  restore(): void;
  close(): Promise<void>;
}

/**
 * A TCP relay on loopback in front of a real service (Redis in the eDeposit fault matrix), which
 * a test can cut and restore: the clients see the service go down and come back, while the service
 * itself, shared with other test files, keeps running.
 */
export async function startTcpCutProxy(upstreamUrl: string): Promise<TcpCutProxy> {
  const upstream = new URL(upstreamUrl);
  const sockets = new Set<Socket>();
  let down = false;
  const server = createServer((client) => {
    if (down) return client.destroy();
    const remote = new Socket();
    sockets.add(client);
    sockets.add(remote);
    const drop = () => {
      client.destroy();
      remote.destroy();
      sockets.delete(client);
      sockets.delete(remote);
    };
    client.on("error", drop).on("close", drop);
    remote.on("error", drop).on("close", drop);
    remote.connect(Number(upstream.port || 6379), upstream.hostname, () => {
      client.pipe(remote);
      remote.pipe(client);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = new URL(upstreamUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    url: url.toString(),
    cut() {
      down = true;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    restore() {
      down = false;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
