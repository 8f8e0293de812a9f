import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  /** RCPT TO addresses of the SMTP envelope */
  envelopeTo: string[];
  parsed: ParsedMail;
}

export interface SmtpCapture {
  /** SMTP_URL for the app and the worker: plain SMTP on loopback, no TLS, no auth */
  url: string;
  messages: CapturedMail[];
  /** Resolves with the first captured message matching, polling until the timeout. */
  waitFor(match: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/**
 * How the server ends a DATA transaction: accepted (250, and the message is kept), refused with a
 * reply code, or never answered (the client gives up; nothing is kept).
 */
export type DataAnswer = "accept" | "hang" | { code: number; message: string };

/**
 * A real SMTP server on a random loopback port that keeps every message it is given, parsed.
 * `reject` answers RCPT TO with a 550 and the returned text (a bounce), for addresses it names.
 * `answer` decides each DATA transaction once the message is read (a fault matrix holds, refuses
 * or never answers it); without it every message is accepted.
 */
export async function startSmtpCapture(
  options: { reject?: (address: string) => string | null; answer?: (mail: CapturedMail) => Promise<DataAnswer> } = {},
): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = options.reject?.(address.address) ?? null;
      if (!refusal) return callback();
      return callback(Object.assign(new Error(refusal), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          const mail = { envelopeTo: session.envelope.rcptTo.map((r) => r.address), parsed };
          const answer = (await options.answer?.(mail)) ?? "accept";
          if (answer === "hang") return;
          if (answer !== "accept") {
            return callback(Object.assign(new Error(answer.message), { responseCode: answer.code }));
          }
          messages.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    messages,
    async waitFor(match, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(`No matching email within ${timeoutMs} ms (captured ${messages.length})`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
