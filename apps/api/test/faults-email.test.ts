import { createServer, type Server, Socket } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { type FaultStack, startFaultStack } from "./support/fault-stack.ts";
import { type PackageOrg, packageOrg } from "./support/package-fixtures.ts";
import { poll, sleep } from "./support/poll.ts";
import { type SignablePackage, sendPackage, signablePackage } from "./support/signing-fixtures.ts";
import { type CapturedMail, type DataAnswer, type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";

// Issue 29 §3, email (invitations, reminders, cancellation notices): every message goes through one
// SMTP mailer in the worker, here against a real SMTP server that can hold, refuse or never
// answer a message, and a front that answers one connection with garbage. SMTP delivers at least
// once: a worker that dies (or loses PostgreSQL) after the server took a message but before it
// recorded the send sends it again. The receiving side counts messages by Message-ID, which the
// mailer derives from the job's idempotency key, so such a resend is the same message (mail
// servers and clients collapse it), never a second one.

let stack: FaultStack;
let smtp: SmtpCapture;
let front: SmtpFront;
let org: PackageOrg;
const db = () => stack.app.server.db;
/** How the server answers the next message (then it accepts again); null: accept. */
let nextAnswer: ((mail: CapturedMail) => Promise<DataAnswer>) | null = null;

interface SmtpFront {
  port: number;
  /** the next connection is answered with bytes that are not SMTP, then closed */
  garbageOnce(): void;
  close(): Promise<void>;
}

/** A TCP front to the SMTP server that can answer a connection with garbage, as a broken relay does. */
async function startSmtpFront(upstreamPort: number): Promise<SmtpFront> {
  let garbage = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client)).on("error", () => {});
    if (garbage) {
      garbage = false;
      client.end("HTTP/1.1 400 Bad Request\r\ncontent-type: text/html\r\n\r\n<html>not smtp</html>\r\n");
      return;
    }
    const remote = new Socket();
    sockets.add(remote);
    remote.on("close", () => sockets.delete(remote)).on("error", () => client.destroy());
    client.on("close", () => remote.destroy());
    remote.connect(upstreamPort, "127.0.0.1", () => {
      client.pipe(remote);
      remote.pipe(client);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as { port: number }).port,
    garbageOnce: () => {
      garbage = true;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

beforeAll(async () => {
  smtp = await startSmtpCapture({
    answer: (mail) => {
      const answer = nextAnswer;
      nextAnswer = null;
      return answer ? answer(mail) : Promise.resolve("accept");
    },
  });
  front = await startSmtpFront(Number(new URL(smtp.url).port));
  stack = await startFaultStack({
    ...ACCESS_TEST_ENV,
    // a server that never answers is given up on within seconds, not nodemailer's ten minutes
    SMTP_URL: `smtp://127.0.0.1:${front.port}/?ignoreTLS=true&greetingTimeout=1500&socketTimeout=1500`,
  });
  org = await packageOrg(db(), stack.app.url);
}, 60_000);
afterAll(async () => {
  await stack?.close();
  await front?.close();
  await smtp?.close();
}, 60_000);
beforeEach(() => stack.ensureWorker(), 120_000);

let people = 0;
/** Two signers with addresses no other case uses. */
const signers = () =>
  [1, 2].map(() => {
    people += 1;
    return { givenName: `Person${people}`, email: `person${people}@example.com` };
  });
const received = (to: string, subject: RegExp) =>
  smtp.messages.filter((mail) => mail.envelopeTo.includes(to) && subject.test(mail.parsed.subject ?? ""));
/** Every message for `to` with this subject was the same message: one Message-ID, delivered `times`. */
async function expectOneMessage(to: string, subject: RegExp, times = 1) {
  const copies = await poll(
    `${times} delivery(ies) to ${to}`,
    async () => {
      const found = received(to, subject);
      return found.length >= times ? found : null;
    },
    { timeoutMs: 20_000 },
  );
  expect(copies).toHaveLength(times);
  expect(new Set(copies.map((mail) => mail.parsed.messageId)).size).toBe(1);
}

/** A message that ran alongside a fault: delivered, once or twice, always as the same message. */
async function expectSameMessage(to: string, subject: RegExp) {
  const copies = await poll(`a delivery to ${to}`, async () => {
    const found = received(to, subject);
    return found.length > 0 ? found : null;
  });
  expect(copies.length).toBeLessThanOrEqual(2);
  expect(new Set(copies.map((mail) => mail.parsed.messageId)).size).toBe(1);
}

/** The server holds the next message's answer until `release` is called; `reached` names its recipient. */
function holdNext() {
  let release!: (answer: DataAnswer) => void;
  let held!: (to: string) => void;
  const reached = new Promise<string>((resolve) => {
    held = resolve;
  });
  nextAnswer = (mail) =>
    new Promise<DataAnswer>((resolve) => {
      release = resolve;
      held(mail.envelopeTo[0]!);
    });
  return { reached, release: (answer: DataAnswer) => release(answer) };
}
const otherSigner = (s: SignablePackage, to: string) =>
  s.signers.map((signer) => signer.email!).find((email) => email !== to)!;

async function sentPackage(): Promise<SignablePackage> {
  const s = await signablePackage(stack.app, db(), { signers: signers(), org });
  await sendPackage(s, db());
  return s;
}
const INVITATION = /^Your documents are ready$/;
const REMINDER = /^Reminder: Your documents are ready$/;

describe("the email fault matrix", { timeout: 120_000 }, () => {
  it("a worker killed while the server holds its answer: the new worker's resend is the same message", async () => {
    const hold = holdNext();
    const s = await sentPackage();
    const to = await hold.reached;
    await stack.crashWorker();
    // the server keeps the message the dead worker sent (the 250 never reached it)
    hold.release("accept");
    await stack.ensureWorker();
    await expectOneMessage(to, INVITATION, 2);
    // the other invitation ran alongside: sent once, or also taken before the kill and sent again
    await expectSameMessage(otherSigner(s, to), INVITATION);
  });

  it("Redis goes down while the package is sent and comes back: one invitation each", async () => {
    stack.redis.cut();
    const s = await sentPackage();
    await sleep(1500);
    stack.redis.restore();
    for (const signer of s.signers) await expectOneMessage(signer.email!, INVITATION);
  });

  it("PostgreSQL drops the worker's connections as the server takes a reminder: the resend is the same message", async () => {
    const s = await sentPackage();
    for (const signer of s.signers) await expectOneMessage(signer.email!, INVITATION);
    const hold = holdNext();
    const reminded = await s.admin.request("POST", s.api.reminders, {});
    expect(reminded.status, JSON.stringify(reminded.body)).toBe(200);
    const to = await hold.reached;
    stack.postgres.cut();
    hold.release("accept");
    // the send cannot be recorded: the job fails and runs again once PostgreSQL is back
    await sleep(1500);
    stack.postgres.restore();
    await expectOneMessage(to, REMINDER, 2);
    // the other reminder ran alongside: its record may have been cut too
    await expectSameMessage(otherSigner(s, to), REMINDER);
  });

  it("the server never answers a cancellation notice: the retry delivers it once", async () => {
    const s = await sentPackage();
    for (const signer of s.signers) await expectOneMessage(signer.email!, INVITATION);
    nextAnswer = () => Promise.resolve("hang");
    const { version } = await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } });
    const cancelled = await s.admin.request("PUT", s.api.cancel, {
      json: { version, notify: true, reason: "Wrong rate" },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    for (const signer of s.signers) await expectOneMessage(signer.email!, /has been cancelled$/);
  });

  it("the server refuses an invitation for now (451): the retry delivers it once", async () => {
    nextAnswer = () => Promise.resolve({ code: 451, message: "4.3.0 try again later" });
    const s = await sentPackage();
    for (const signer of s.signers) await expectOneMessage(signer.email!, INVITATION);
  });

  it("the server answers garbage: the retry delivers the invitation once", async () => {
    front.garbageOnce();
    const s = await sentPackage();
    for (const signer of s.signers) await expectOneMessage(signer.email!, INVITATION);
  });
});
