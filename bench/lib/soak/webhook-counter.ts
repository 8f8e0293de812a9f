import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

interface Delivery {
  id: string;
  type: string;
  data?: { packageId?: string };
}

export interface WebhookCounter {
  url: string;
  /** deliveries by event type (a retried delivery counted once) */
  byType(): Record<string, number>;
  /** the same event id delivered again after it was answered 200 */
  duplicates(): number;
  /** bodies that were not a delivery */
  malformed(): number;
  /** resolves when `type` arrives for the package; rejects after timeoutMs */
  waitFor(type: string, packageId: string, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The loopback endpoint the soak's webhook subscription delivers to: counts, and wakes journeys
 * waiting for an event of one of the `awaited` types.
 */
export async function startWebhookCounter(awaited: readonly string[]): Promise<WebhookCounter> {
  const seen = new Set<string>();
  const counts: Record<string, number> = {};
  // an event that came before its journey waited for it (a fast worker) is kept here
  const arrived = new Set<string>();
  const waiters = new Map<string, () => void>();
  let duplicates = 0;
  let malformed = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      let delivery: Delivery;
      try {
        delivery = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Delivery;
      } catch {
        malformed++;
        response.writeHead(400).end();
        return;
      }
      if (typeof delivery.id !== "string" || typeof delivery.type !== "string") {
        malformed++;
      } else if (seen.has(delivery.id)) {
        duplicates++;
      } else {
        seen.add(delivery.id);
        counts[delivery.type] = (counts[delivery.type] ?? 0) + 1;
        const key = `${delivery.type} ${delivery.data?.packageId}`;
        const waiter = waiters.get(key);
        if (waiter) waiter();
        else if (awaited.includes(delivery.type)) arrived.add(key);
      }
      response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/soak-hooks`,
    byType: () => ({ ...counts }),
    duplicates: () => duplicates,
    malformed: () => malformed,
    waitFor(type, packageId, timeoutMs) {
      if (!awaited.includes(type)) throw new Error(`${type} is not an awaited webhook type`);
      const key = `${type} ${packageId}`;
      if (arrived.delete(key)) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(key);
          reject(new Error(`no ${type} webhook within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.set(key, () => {
          clearTimeout(timer);
          waiters.delete(key);
          resolve();
        });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
