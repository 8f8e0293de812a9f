import { createHash } from "node:crypto";
import {
  AV_CHUNK_PATH,
  AV_LIMITS,
  AV_SESSION_MESSAGES,
  type AvRoomState,
  type AvSessionList,
  PACKAGE_ACTION_MESSAGES,
  type Package,
  type Participant,
  type SealedArtifact,
  type SigningRoom,
  type SigningUrl,
} from "@signet/contract";
import { markIdentityProofed } from "@signet/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { memberOfNewGroup, packageOrg, VIEWER } from "./support/package-fixtures.ts";
import { poll } from "./support/poll.ts";
import {
  openAndConsent,
  pdfText,
  type SignablePackage,
  SigningClient,
  signablePackage,
  signEverything,
} from "./support/signing-fixtures.ts";
import { connectAvSignal, cookieHeader, type ErrorBody, packageAudit } from "./support/signing-room-helpers.ts";

/** A GET of the main origin with the client's cookies, as bytes. */
async function fetchFile(client: { jar: Map<string, string> }, url: string) {
  const response = await fetch(url, { headers: { cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ") } });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 16 §2 through the real API: an A/V eSign package is sent with one host, the host starts a
// live session, signers join the WebSocket signalling once proofed and sign only while it is live,
// the host ends it (recoverable), starts again, uploads the recording in chunks and completes:
// PENDING_ENOTARY → COMPLETED, sealed, the certificate names the recording.

let app: TestApp;
let s: SignablePackage;
let ada: Participant;
let ben: Participant;
let adaRoom: { client: SigningClient; room: SigningRoom };
let host: { client: SigningClient; room: SigningRoom };
const db = () => app.server.db;
const signingUrl = () => app.server.signingRoom!.url;
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const avPath = "/api/v1/signing/av-session";
const chunkPath = (index: number | string, elapsedMs = 0) =>
  `${AV_CHUNK_PATH.replace(":index", String(index))}?elapsedMs=${elapsedMs}`;

async function putChunk(client: SigningClient, index: number | string, bytes: Uint8Array, elapsedMs = 0) {
  const response = await fetch(`${client.baseUrl}${chunkPath(index, elapsedMs)}`, {
    method: "PUT",
    headers: {
      cookie: cookieHeader(client),
      "content-type": "application/octet-stream",
      "x-signet-signing-room": "1",
    },
    body: new Blob([new Uint8Array(bytes)]),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & ErrorBody };
}

async function openFor(participant: Participant) {
  const url = await s.admin.request<SigningUrl>("POST", s.api.signingUrl(participant.id), { json: {} });
  expect(url.status).toBe(201);
  const token = decodeURIComponent(new URL(url.body.signingURL).pathname.split("/").pop()!);
  return openAndConsent(signingUrl(), token);
}

/** A WebSocket to the session's signalling with the participant's cookie, collecting what arrives. */
const connect = (client: SigningClient, origin = signingUrl()) => connectAvSignal(signingUrl(), client, origin);

beforeAll(async () => {
  app = await startTestApp({ ...ACCESS_TEST_ENV });
  s = await signablePackage(app, db(), {
    signers: [
      { givenName: "Ada", accessMethod: "API", email: "ada@av.example.com" },
      { givenName: "Ben", accessMethod: "API", email: "ben@av.example.com" },
    ],
  });
  [ada, ben] = s.signers as [Participant, Participant];
});
afterAll(() => app?.close());

describe("an A/V eSign package, host-led", () => {
  it("is sent only with exactly one session host", async () => {
    const { version } = await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } });
    const flagged = await s.admin.request<Package>("PATCH", s.api.package, { json: { version, avEsign: true } });
    expect(flagged.status, JSON.stringify(flagged.body)).toBe(200);
    const refused = await s.admin.request<ErrorBody>("POST", s.api.send, { json: { version: flagged.body.version } });
    expect([refused.status, refused.body.message]).toEqual([400, PACKAGE_ACTION_MESSAGES.cannotSend]);
    expect(refused.body.details).toContainEqual({ path: "avHost", message: AV_SESSION_MESSAGES.sendNeedsHost });

    const hosted = await s.admin.request<Participant>("PATCH", s.paths.participant(s.pkg.id, ben.id), {
      json: { version: ben.version, avHost: true },
    });
    expect(hosted.status, JSON.stringify(hosted.body)).toBe(200);
    const current = await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } });
    const sent = await s.admin.request<Package>("POST", s.api.send, { json: { version: current.version } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    host = await openFor(ben);
    adaRoom = await openFor(ada);
  });

  it("lets nobody sign before the host starts a session, only the host start it, and only the proofed join", async () => {
    const hostTag = s.signatureTags.get(ben.id)!;
    const early = await host.client.request<ErrorBody>("PUT", `/api/v1/signing/tags/${hostTag}`, {
      json: { value: "applied" },
    });
    expect([early.status, early.body.message]).toEqual([409, AV_SESSION_MESSAGES.noLiveSession]);
    const adaTag = s.signatureTags.get(ada.id)!;
    const unproofed = await adaRoom.client.request<ErrorBody>("PUT", `/api/v1/signing/tags/${adaTag}`, {
      json: { value: "applied" },
    });
    expect(unproofed.status).toBe(403);

    const state = await adaRoom.client.get<AvRoomState>(avPath);
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ avEsign: true, isHost: false, session: null, identityProofed: false });
    expect(state.body.hostName).toBe("Ben Okafor");
    expect(state.body.iceServers).toEqual([]);
    const notLive = await connect(host.client);
    expect(await notLive.closed).toBe(1008);
    expect(notLive.messages[0]).toEqual({ type: "error", message: AV_SESSION_MESSAGES.notLive });

    const notHost = await adaRoom.client.request<ErrorBody>("POST", avPath);
    expect([notHost.status, notHost.body.message]).toEqual([403, AV_SESSION_MESSAGES.notHost]);
    const started = await host.client.request<AvRoomState>("POST", avPath);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body.isHost).toBe(true);
    expect(started.body.session).toMatchObject({ status: "LIVE", view: { documentId: s.document.id, page: 1 } });
    const again = await host.client.request<ErrorBody>("POST", avPath);
    expect([again.status, again.body.message]).toEqual([409, AV_SESSION_MESSAGES.alreadyLive]);

    const refusedSocket = await connect(adaRoom.client);
    // the upgrade succeeds, then the server says why and hangs up
    expect(await refusedSocket.closed).toBe(1008);
    expect(refusedSocket.messages[0]).toEqual({ type: "error", message: AV_SESSION_MESSAGES.notProofed });
    await markIdentityProofed(db(), {
      organizationId: s.org.organizationId,
      packageId: s.pkg.id,
      participantId: ada.id,
    });
    expect((await adaRoom.client.get<AvRoomState>(avPath)).body.identityProofed).toBe(true);
    adaRoom.room = (await adaRoom.client.room()).body;
    expect(adaRoom.room.stage).toBe("SIGN");
  });

  it("relays WebRTC signalling between named peers and broadcasts the host's view", async () => {
    const hostSocket = await connect(host.client);
    expect(hostSocket.opened.ok).toBe(true);
    expect(await hostSocket.next("welcome")).toMatchObject({ self: ben.id, present: [] });
    const adaSocket = await connect(adaRoom.client);
    expect(await adaSocket.next("welcome")).toMatchObject({
      self: ada.id,
      view: { documentId: s.document.id, page: 1 },
      present: [{ id: ben.id, name: "Ben Okafor", isHost: true }],
    });
    expect(await hostSocket.next("joined")).toMatchObject({ peer: { id: ada.id, name: "Ada Okafor", isHost: false } });
    const presence = await host.client.get<AvRoomState>(avPath);
    expect(
      presence.body.participants
        .filter((person) => person.online)
        .map((person) => person.id)
        .sort(),
    ).toEqual([ada.id, ben.id].sort());

    hostSocket.socket.send(
      JSON.stringify({ type: "offer", to: ada.id, description: { type: "offer", sdp: "v=0 host" } }),
    );
    expect(await adaSocket.next("offer")).toEqual({
      type: "offer",
      from: ben.id,
      description: { type: "offer", sdp: "v=0 host" },
    });
    adaSocket.socket.send(
      JSON.stringify({ type: "ice", to: ben.id, candidate: { candidate: "candidate:1 1 udp 1 127.0.0.1 9 typ host" } }),
    );
    expect(await hostSocket.next("ice")).toMatchObject({ from: ada.id });

    // bad frames are answered, not fatal: the socket still works afterwards
    const before = adaSocket.messages.length;
    adaSocket.socket.send("not json");
    adaSocket.socket.send(JSON.stringify({ type: "session", status: "COMPLETED" }));
    adaSocket.socket.send(Buffer.from([1, 2, 3]));
    adaSocket.socket.send(JSON.stringify({ type: "view", view: { documentId: s.document.id, page: 2 } }));
    await poll(
      "four refusals",
      async () => adaSocket.messages.slice(before).filter((m) => m.type === "error").length >= 4 || null,
      {
        timeoutMs: 5_000,
      },
    );
    expect(adaSocket.messages.slice(before).map((m) => m.type === "error" && m.message)).toContain(
      AV_SESSION_MESSAGES.notHost,
    );
    adaSocket.socket.send(JSON.stringify({ type: "ping" }));
    expect(await adaSocket.next("pong", before)).toEqual({ type: "pong" });

    const viewAt = adaSocket.messages.length;
    hostSocket.socket.send(JSON.stringify({ type: "view", view: { documentId: s.document.id, page: 2 } }));
    const view = await adaSocket.next("view", viewAt);
    expect(view).toMatchObject({ view: { documentId: s.document.id } });
    // a late joiner reads the same view from the session
    const stored = await db().avSession.findFirstOrThrow({ where: { packageId: s.pkg.id, status: "LIVE" } });
    expect(view).toEqual({ type: "view", view: { documentId: s.document.id, page: stored.currentPage } });

    // an oversized frame closes the socket (ws: 1009), and the server lives on
    const big = await connect(adaRoom.client);
    await big.next("welcome");
    // the same participant connecting again (another tab) replaces the older socket
    expect(await adaSocket.closed).toBe(4001);
    big.socket.send("x".repeat(AV_LIMITS.maxSignalBytes + 1));
    expect(await big.closed).toBe(1009);
    // another site's page cannot connect with the participant's cookie
    const foreign = await connect(adaRoom.client, "https://evil.example.com");
    expect(foreign.opened).toMatchObject({ ok: false, status: 403 });
    const anonymous = await connect(new SigningClient(signingUrl()));
    expect(anonymous.opened).toMatchObject({ ok: false, status: 401 });

    // the host's recording: chunks in any order, idempotent, limited
    const first = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3]);
    const second = new Uint8Array([4, 5, 6, 7]);
    expect((await putChunk(host.client, 1, second, 4_000)).status).toBe(200);
    const zero = await putChunk(host.client, 0, first, 2_000);
    expect(zero.status).toBe(200);
    expect(zero.body).toMatchObject({ index: 0, bytes: first.length, sha256: sha256(first), received: 2 });
    expect((await putChunk(host.client, 0, first, 2_000)).body).toMatchObject({ index: 0, received: 2 });
    const differs = await putChunk(host.client, 0, second);
    expect([differs.status, differs.body.message]).toEqual([409, AV_SESSION_MESSAGES.chunkDiffers]);
    expect((await putChunk(adaRoom.client, 2, second)).status).toBe(403);
    expect((await putChunk(host.client, -1, second)).status).toBe(400);
    expect((await putChunk(host.client, "x", second)).status).toBe(400);
    expect((await putChunk(host.client, 2, new Uint8Array())).status).toBe(400);
    expect((await putChunk(host.client, 2, new Uint8Array(AV_LIMITS.maxChunkBytes + 1))).status).toBe(413);

    // the host ends the session without completing: everybody is told and hung up, nothing is signed
    const ended = await host.client.request<AvRoomState>("POST", `${avPath}/end`);
    expect(ended.status).toBe(200);
    expect(ended.body.session).toBeNull();
    expect(await hostSocket.closed).toBe(4002);
    expect(hostSocket.messages.at(-1)).toEqual({ type: "session", status: "ENDED" });
    expect(await db().avRecordingChunk.count()).toBe(0);
    const pkg = await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } });
    expect(pkg.status).toBe("AVAILABLE_TO_SIGNERS");
    const afterEnd = await adaRoom.client.request<ErrorBody>(
      "PUT",
      `/api/v1/signing/tags/${s.signatureTags.get(ada.id)}`,
      {
        json: { value: "applied" },
      },
    );
    expect([afterEnd.status, afterEnd.body.message]).toEqual([409, AV_SESSION_MESSAGES.noLiveSession]);
  });

  it("completes only when every signer signed and the recording is whole, then seals with the recording named", async () => {
    const restarted = await host.client.request<AvRoomState>("POST", avPath);
    expect(restarted.status).toBe(201);

    const adaSigned = await signEverything(adaRoom.client, adaRoom.room);
    expect(adaSigned.status, JSON.stringify(adaSigned.body)).toBe(200);
    const missing = await host.client.request<ErrorBody>("POST", `${avPath}/complete`);
    expect([missing.status, missing.body.message]).toEqual([409, AV_SESSION_MESSAGES.signersMissing(["Ben Okafor"])]);
    const benSigned = await signEverything(host.client, host.room);
    expect(benSigned.status, JSON.stringify(benSigned.body)).toBe(200);
    expect((await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).status).toBe("PENDING_ENOTARY");

    const noRecording = await host.client.request<ErrorBody>("POST", `${avPath}/complete`);
    expect([noRecording.status, noRecording.body.message]).toEqual([409, AV_SESSION_MESSAGES.recordingMissing]);
    const pieces = [new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 9]), new Uint8Array([8, 7]), new Uint8Array([6])];
    expect((await putChunk(host.client, 0, pieces[0]!, 5_000)).status).toBe(200);
    expect((await putChunk(host.client, 2, pieces[2]!, 15_000)).status).toBe(200);
    const gap = await host.client.request<ErrorBody>("POST", `${avPath}/complete`);
    expect([gap.status, gap.body.message]).toEqual([409, AV_SESSION_MESSAGES.recordingGap(1)]);
    expect((await putChunk(host.client, 1, pieces[1]!, 10_000)).status).toBe(200);
    const notHost = await adaRoom.client.request<ErrorBody>("POST", `${avPath}/complete`);
    expect(notHost.status).toBe(403);

    const completed = await host.client.request<AvRoomState>("POST", `${avPath}/complete`);
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    const pkg = await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } });
    expect(pkg.status).toBe("COMPLETED");
    const whole = Buffer.concat(pieces.map((piece) => Buffer.from(piece)));
    const recording = await db().avRecording.findFirstOrThrow({ where: { packageId: s.pkg.id } });
    expect(recording.sha256).toBe(sha256(whole));
    expect(Number(recording.bytes)).toBe(whole.length);
    // at most the session's own length, however long the browser says it recorded
    expect(recording.durationSeconds).toBeLessThanOrEqual(15);
    expect(recording.retainUntil.getUTCFullYear()).toBe(new Date().getUTCFullYear() + 10);
    expect(await db().avRecordingChunk.count()).toBe(0);

    const audit = await packageAudit(db(), s.pkg.id);
    const types = audit.map((event) => event.type);
    expect(types.filter((type) => type === "package.av-session-started")).toHaveLength(2);
    expect(types).toContain("package.av-session-ended");
    expect(types.filter((type) => type === "package.av-session-joined")).toHaveLength(2);
    expect(types.slice(-2)).toEqual(["package.av-recording-stored", "package.av-session-completed"]);

    await poll(
      "the package to be sealed",
      async () => (await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).sealedAt,
      { timeoutMs: 30_000 },
    );
    const artifacts = await s.admin.get<{ records: SealedArtifact[] }>(s.api.sealedArtifacts);
    const certificate = artifacts.body.records.find((artifact) => artifact.kind === "CERTIFICATE")!;
    const file = await fetchFile(s.admin, `${app.url}${s.api.sealedFile(certificate.id)}`);
    const text = pdfText(file.bytes).replace(/\s+/g, "");
    expect(text).toContain("A/Vsessionrecordings");
    expect(text).toContain(recording.sha256);
    expect(text).toContain(recording.retainUntil.toISOString().slice(0, 10));
  });

  it("shows the sender the sessions and the recording, to those who may see the package only", async () => {
    const list = await s.admin.get<AvSessionList>(
      `/api/v1/organizations/${s.org.organizationId}/packages/${s.pkg.id}/av-sessions`,
    );
    expect(list.status).toBe(200);
    expect(list.body.avEsign).toBe(true);
    expect(list.body.hostName).toBe("Ben Okafor");
    expect(list.body.records.map((record) => record.status)).toEqual(["COMPLETED", "ENDED"]);
    const completed = list.body.records[0]!;
    const recording = await db().avRecording.findFirstOrThrow({ where: { packageId: s.pkg.id } });
    expect(completed.recording).toMatchObject({ sha256: recording.sha256, bytes: Number(recording.bytes) });
    expect(list.body.records[1]!.recording).toBeNull();

    const path = `/api/v1/organizations/${s.org.organizationId}/packages/${s.pkg.id}/av-sessions/${completed.id}/recording`;
    const video = await fetchFile(s.admin, `${app.url}${path}`);
    expect(video.status).toBe(200);
    expect(video.headers.get("content-type")).toContain("video/webm");
    expect(sha256(video.bytes)).toBe(recording.sha256);
    const none = await fetchFile(s.admin, `${app.url}${path.replace(completed.id, list.body.records[1]!.id)}`);
    expect(none.status).toBe(404);

    // a viewer of another group does not see the package at all; one without the permission is refused
    const viewer = await memberOfNewGroup(s.org, app.url, VIEWER);
    const unseen = await viewer.client.get(
      `/api/v1/organizations/${s.org.organizationId}/packages/${s.pkg.id}/av-sessions`,
    );
    expect(unseen.status).toBe(404);
    const nobody = await memberOfNewGroup(s.org, app.url, []);
    const refused = await nobody.client.get(
      `/api/v1/organizations/${s.org.organizationId}/packages/${s.pkg.id}/av-sessions`,
    );
    expect(refused.status).toBe(403);

    // tenancy: another organization's admin gets 404 for these ids, on both routes
    const other = await packageOrg(db(), app.url);
    const foreignList = await other.admin.get(
      `/api/v1/organizations/${other.org.organizationId}/packages/${s.pkg.id}/av-sessions`,
    );
    expect(foreignList.status).toBe(404);
    const foreignVideo = await fetchFile(
      other.admin,
      `${app.url}/api/v1/organizations/${other.org.organizationId}/packages/${s.pkg.id}/av-sessions/${completed.id}/recording`,
    );
    expect(foreignVideo.status).toBe(404);
  });
});

describe("an A/V eSign package whose host only views (issue 32 §3)", () => {
  it("never lists the viewing host as still to sign", async () => {
    const viewerHosted = await signablePackage(app, db(), {
      signers: [{ givenName: "Cleo", accessMethod: "API", email: "cleo@av.example.com" }],
    });
    const vic = await viewerHosted.admin.request<Participant>(
      "POST",
      viewerHosted.paths.participants(viewerHosted.pkg.id),
      {
        json: {
          type: "Settlement Agent",
          givenName: "Vic",
          familyName: "Host",
          role: "VIEWER",
          accessMethod: "API",
          email: "vic@av.example.com",
        },
      },
    );
    expect(vic.status, JSON.stringify(vic.body)).toBe(201);
    const hosted = await viewerHosted.admin.request<Participant>(
      "PATCH",
      viewerHosted.paths.participant(viewerHosted.pkg.id, vic.body.id),
      { json: { version: vic.body.version, avHost: true } },
    );
    expect(hosted.status, JSON.stringify(hosted.body)).toBe(200);
    const { version } = await db().package.findUniqueOrThrow({ where: { id: viewerHosted.pkg.id } });
    const flagged = await viewerHosted.admin.request<Package>("PATCH", viewerHosted.api.package, {
      json: { version, avEsign: true },
    });
    expect(flagged.status, JSON.stringify(flagged.body)).toBe(200);
    const sent = await viewerHosted.admin.request<Package>("POST", viewerHosted.api.send, {
      json: { version: flagged.body.version },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const url = await viewerHosted.admin.request<SigningUrl>("POST", viewerHosted.api.signingUrl(vic.body.id), {
      json: {},
    });
    const token = decodeURIComponent(new URL(url.body.signingURL).pathname.split("/").pop()!);
    const vicRoom = await openAndConsent(signingUrl(), token);
    const state = await vicRoom.client.get<AvRoomState>(avPath);
    expect(state.status, JSON.stringify(state.body)).toBe(200);
    const people = Object.fromEntries(state.body.participants.map((person) => [person.name, person]));
    expect(people["Vic Host"]).toMatchObject({ isHost: true, signs: false });
    expect(people["Cleo Okafor"]).toMatchObject({ isHost: false, signs: true, signed: false });
  });
});
