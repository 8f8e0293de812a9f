import {
  AV_SIGNAL_PATH,
  type AvServerMessage,
  HEADERS,
  SIGNING_ROOM_HEADER,
  SIGNING_SESSION_COOKIE,
  type SigningRoom,
} from "@signet/contract";
import type { Db } from "@signet/core";
import WebSocket from "ws";
import type { HttpClient, Reply } from "./http-client.ts";
import { poll } from "./poll.ts";
import { SigningClient } from "./signing-fixtures.ts";

// Small helpers of the signing-room suites on top of signing-fixtures: raw requests with a chosen
// cookie or header, multipart posts, the texts of the SMS outbox, and the package's audit rows.

export const cookieHeader = (client: { jar: Map<string, string> }) =>
  [...client.jar].map(([name, value]) => `${name}=${value}`).join("; ");

/**
 * A WebSocket to the A/V session's signalling on `signingUrl` with the participant's cookie, sent
 * from `origin`'s page, collecting what arrives.
 */
export async function connectAvSignal(signingUrl: string, client: { jar: Map<string, string> }, origin = signingUrl) {
  const socket = new WebSocket(`${signingUrl.replace(/^http/, "ws")}${AV_SIGNAL_PATH}`, {
    headers: { cookie: cookieHeader(client), origin },
  });
  const messages: AvServerMessage[] = [];
  const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
  socket.on("message", (data) => messages.push(JSON.parse(data.toString()) as AvServerMessage));
  const opened = await new Promise<{ ok: boolean; status?: number }>((resolve) => {
    socket.on("open", () => resolve({ ok: true }));
    socket.on("unexpected-response", (_request, response) => resolve({ ok: false, status: response.statusCode }));
    socket.on("error", () => resolve({ ok: false }));
  });
  const next = (type: AvServerMessage["type"], after = 0) =>
    poll(`a ${type} message`, async () => messages.slice(after).find((message) => message.type === type) ?? null, {
      timeoutMs: 5_000,
    });
  return { socket, messages, closed, opened, next };
}

/** Opens a signing session from a link token with a fresh client (whatever the answer). */
export async function openRoom(signingUrl: string, token: string, headers: Record<string, string> = {}) {
  const client = new SigningClient(signingUrl);
  const reply = await client.request<SigningRoom & ErrorBody>("POST", "/api/v1/signing/sessions", {
    json: { token },
    headers,
  });
  return { client, reply };
}

export interface ErrorBody {
  code: string;
  message: string;
  status: number;
  details?: { path: string; message: string }[];
}

/** The session secret a signing client holds. */
export const sessionSecret = (client: SigningClient) => client.jar.get(SIGNING_SESSION_COOKIE)!;

/** A multipart POST of one file part, as a browser sends it (cookies, and the given headers). */
export async function postFile(
  client: { baseUrl: string; jar: Map<string, string> },
  path: string,
  file: { field?: string; bytes: Uint8Array; fileName: string; contentType: string },
  headers: Record<string, string> = {},
): Promise<Reply<Record<string, unknown> & ErrorBody>> {
  const form = new FormData();
  form.append(file.field ?? "file", new Blob([Buffer.from(file.bytes)], { type: file.contentType }), file.fileName);
  const response = await fetch(`${client.baseUrl}${path}`, {
    method: "POST",
    headers: { cookie: cookieHeader(client), ...headers },
    body: form,
  });
  const text = await response.text();
  const body = text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text;
  return { status: response.status, headers: response.headers, body, cookies: new Map() };
}

/** A multipart upload to the admin API (the anti-forgery cookie echoed in its header). */
export function postAdminFile(
  admin: HttpClient,
  path: string,
  file: { bytes: Uint8Array; fileName: string; contentType: string },
) {
  const csrf = admin.jar.get(admin.csrfCookie);
  return postFile(admin, path, file, csrf ? { [HEADERS.csrf]: csrf } : {});
}

/** A multipart upload to the signing room (session cookie and the signing-room header). */
export function postSigningFile(
  client: SigningClient,
  path: string,
  file: { bytes: Uint8Array; fileName: string; contentType: string },
) {
  return postFile(client, path, file, { [SIGNING_ROOM_HEADER]: "1" });
}

/** GET with the client's cookies, answering the status and the bytes (files of the signing room). */
export async function download(client: { baseUrl: string; jar: Map<string, string> }, path: string) {
  const response = await fetch(`${client.baseUrl}${path}`, { headers: { cookie: cookieHeader(client) } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = Buffer.from(bytes).toString("utf8");
  const json = response.headers.get("content-type")?.includes("json") ? (JSON.parse(text) as ErrorBody) : null;
  return { status: response.status, headers: response.headers, bytes, json };
}

/** Every audit row of the package's stream, oldest first. */
export function packageAudit(db: Db, packageId: string) {
  return db.auditEvent.findMany({
    where: { streamType: "package", streamId: packageId },
    orderBy: { sequence: "asc" },
  });
}

/** The first text sent to the phone (ten digits) whose text matches, polling the SMS outbox table. */
export function waitForSms(db: Db, phone: string, match: RegExp, after = new Date(0)) {
  return poll(`a text to ${phone} matching ${match}`, async () => {
    const texts = await db.smsMessage.findMany({
      where: { to: phone, createdAt: { gte: after } },
      orderBy: { createdAt: "asc" },
    });
    return texts.find((sms) => match.test(sms.text)) ?? null;
  });
}

/** The signing link's token in a text message. */
export function smsLinkToken(text: string): string {
  const match = /\/s\/([A-Za-z0-9._~%-]+)/.exec(text);
  if (!match) throw new Error(`no signing link in: ${text}`);
  return decodeURIComponent(match[1]!);
}

/** The link id part of a signing token (`<linkId>.<mac>`). */
export const linkIdOf = (token: string) => token.split(".")[0]!;
