import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface SmtpCounter {
  /** SMTP_URL for the API and the worker: plain SMTP on loopback, no TLS, no auth */
  url: string;
  /** Resolves once every address has been the recipient of an accepted message; rejects after the timeout. */
  waitForAll(addresses: ReadonlySet<string>, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a random loopback port that accepts every message and only counts it per
 * envelope recipient: the bench's end is a message handed to SMTP, and parsing the messages would
 * take CPU from the servers measured.
 */
export async function startSmtpCounter(): Promise<SmtpCounter> {
  const received = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      stream.on("end", () => {
        for (const recipient of session.envelope.rcptTo) received.add(recipient.address.toLowerCase());
        callback();
      });
      stream.resume();
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    async waitForAll(addresses, timeoutMs) {
      const deadline = performance.now() + timeoutMs;
      const missing = () => [...addresses].filter((address) => !received.has(address)).length;
      while (missing() > 0) {
        if (performance.now() > deadline) {
          throw new Error(`${missing()} of ${addresses.size} invitations not handed to SMTP within ${timeoutMs} ms`);
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
