import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { WEBHOOK_EVENT_SCHEMAS } from "@signet/contract";

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  /** the body parsed */
  json: { id: string; type: string; timestamp: string; data: Record<string, unknown> };
}

export type ReceiverAnswer = number | "hang" | "garbage";

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /**
   * How to answer each request: a status (200 unless changed), "hang" (never answer), or
   * "garbage" (bytes that are not HTTP, then the connection closed); may wait before deciding.
   */
  answer: (request: ReceivedWebhook) => ReceiverAnswer | Promise<ReceiverAnswer>;
  /** Stops the receiver; fails when a delivery did not match its event type's published schema. */
  close(): Promise<void>;
}

/** Why a delivery's body does not match the schema the OpenAPI document publishes for its type, or null. */
export function eventSchemaProblem(json: { type?: unknown }): string | null {
  const schema = WEBHOOK_EVENT_SCHEMAS[json.type as keyof typeof WEBHOOK_EVENT_SCHEMAS];
  if (!schema) return `unknown event type ${String(json.type)}`;
  const checked = schema.safeParse(json);
  return checked.success ? null : `${String(json.type)}: ${checked.error.message}`;
}

/**
 * A real HTTP receiver on loopback that keeps every delivery it is given, and checks each against
 * its event type's schema: every test that receives webhooks proves what the product emits matches
 * what the OpenAPI document publishes.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: "",
    received: [],
    answer: () => 200,
    close: async () => {},
  };
  const problems: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const entry: ReceivedWebhook = { headers: request.headers, body, json: JSON.parse(body) };
      const problem = eventSchemaProblem(entry.json);
      if (problem) problems.push(problem);
      receiver.received.push(entry);
      void Promise.resolve(receiver.answer(entry)).then((status) => {
        if (status === "hang") return;
        if (status === "garbage") {
          request.socket.end("garbage, not HTTP\r\n\r\n");
          return;
        }
        response.writeHead(status, { "content-type": "text/plain" });
        response.end(status < 300 ? "ok" : `receiver says no (${status})`);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  receiver.close = async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      // answers held open ("hang") would keep the server from closing
      server.closeAllConnections();
    });
    if (problems.length > 0) throw new Error(`Deliveries unlike their published schema:\n${problems.join("\n")}`);
  };
  return receiver;
}

/** The three Standard Webhooks headers of a received delivery. */
export function standardHeaders(entry: ReceivedWebhook): Record<string, string> {
  return {
    "webhook-id": String(entry.headers["webhook-id"]),
    "webhook-timestamp": String(entry.headers["webhook-timestamp"]),
    "webhook-signature": String(entry.headers["webhook-signature"]),
  };
}
