// The local receiver of the webhook-delivery scenario, in a process of its own as a subscriber's
// server is: node:http on 127.0.0.1 that checks each body's Standard Webhooks signature with the
// subscription's secret, answers 200 to a good one and 401 to a bad one, and counts both. Started by
// forkChild; answers {type: "listening", url}, then "reset" (counts back to zero) and
// {type: "wait", count} (answered once that many deliveries arrived) over IPC.
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface WebhookReceiverEnv {
  /** whsec_… as the subscription shows it */
  WEBHOOK_SECRET: string;
}

export type WebhookReceiverCommand = { type: "reset" } | { type: "wait"; count: number };
export type WebhookReceiverMessage =
  | { type: "listening"; url: string }
  | { type: "reached"; verified: number; rejected: number };

const env = process.env as unknown as WebhookReceiverEnv;
const key = Buffer.from(env.WEBHOOK_SECRET.replace(/^whsec_/, ""), "base64");

/** Whether one of the header's space-separated "v1,<base64>" signatures is the body's. */
function verified(id: string | undefined, timestamp: string | undefined, signatures: string | undefined, body: Buffer) {
  if (!id || !timestamp || !signatures) return false;
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.`).update(body).digest();
  return signatures.split(" ").some((signature) => {
    const [version, value] = signature.split(",");
    const given = Buffer.from(value ?? "", "base64");
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

let good = 0;
let bad = 0;
let waitingFor: number | null = null;

const answerIfReached = () => {
  if (waitingFor === null || good + bad < waitingFor) return;
  waitingFor = null;
  process.send?.({ type: "reached", verified: good, rejected: bad } satisfies WebhookReceiverMessage);
};

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const header = (name: string) => request.headers[name] as string | undefined;
    const ok = verified(
      header("webhook-id"),
      header("webhook-timestamp"),
      header("webhook-signature"),
      Buffer.concat(chunks),
    );
    if (ok) good++;
    else bad++;
    response.writeHead(ok ? 200 : 401, { "content-type": "text/plain" });
    response.end(ok ? "ok" : "bad signature");
    answerIfReached();
  });
});

process.on("message", (command: WebhookReceiverCommand) => {
  if (command.type === "reset") {
    good = bad = 0;
    return;
  }
  waitingFor = command.count;
  answerIfReached();
});
const exit = () => {
  server.close(() => process.exit(0));
  // the clients' keep-alive connections would keep it open
  server.closeAllConnections();
};
process.once("SIGTERM", exit);
// the orchestrator died or let go: never outlive it
process.once("disconnect", exit);
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  process.send?.({ type: "listening", url: `http://127.0.0.1:${port}/hooks` } satisfies WebhookReceiverMessage);
});
