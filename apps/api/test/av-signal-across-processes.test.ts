import type { AvRoomState, Participant, SigningUrl } from "@signet/contract";
import {
  createTestDatabase,
  markIdentityProofed,
  type TestDatabase,
  testRedisPrefix,
  testRedisUrl,
} from "@signet/core/testing";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { type ApiProcess, spawnApiProcess } from "./support/api-process.ts";
import { hostAvSession } from "./support/av-fixtures.ts";
import { deleteRedisKeys } from "./support/redis-keys.ts";
import {
  openAndConsent,
  type SignablePackage,
  type SigningClient,
  signablePackage,
} from "./support/signing-fixtures.ts";
import { connectAvSignal } from "./support/signing-room-helpers.ts";
import type { TestApp } from "./support/test-app.ts";

// Issue 31 §2: an A/V session whose host is connected to one signing process and whose signer is
// connected to another, with nothing sticky in between. Two API processes share PostgreSQL and
// Redis; presence and signalling reach the other process through Redis pub/sub.

const redisUrl = testRedisUrl();
const prefix = testRedisPrefix();
const avPath = "/api/v1/signing/av-session";

let database: TestDatabase;
let a: ApiProcess;
let b: ApiProcess;
let s: SignablePackage;
let ada: Participant;
let ben: Participant;
/** Ben, the host, signs in through process A; Ada, the signer, through process B */
let host: SigningClient;
let signer: SigningClient;

async function openOn(signingUrl: string, participant: Participant) {
  const url = await s.admin.request<SigningUrl>("POST", s.api.signingUrl(participant.id), { json: {} });
  expect(url.status).toBe(201);
  const token = decodeURIComponent(new URL(url.body.signingURL).pathname.split("/").pop()!);
  return (await openAndConsent(signingUrl, token)).client;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const env = { ...ACCESS_TEST_ENV, DATABASE_URL: database.url, REDIS_URL: redisUrl, REDIS_PREFIX: prefix };
  // the first applies the migrations alone
  a = await spawnApiProcess(env);
  b = await spawnApiProcess(env);
  s = await signablePackage({ url: a.url } as TestApp, database.db, {
    signers: [
      { givenName: "Ada", accessMethod: "API", email: "ada@av-across.example.com" },
      { givenName: "Ben", accessMethod: "API", email: "ben@av-across.example.com" },
    ],
  });
  [ada, ben] = s.signers as [Participant, Participant];
  await hostAvSession(s, database.db, ben);
  const { version } = await database.db.package.findUniqueOrThrow({ where: { id: s.pkg.id } });
  const sent = await s.admin.request("POST", s.api.send, { json: { version } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  host = await openOn(a.signingUrl, ben);
  signer = await openOn(b.signingUrl, ada);
  expect((await host.request("POST", avPath)).status).toBe(201);
  await markIdentityProofed(database.db, {
    organizationId: s.org.organizationId,
    packageId: s.pkg.id,
    participantId: ada.id,
  });
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
  await deleteRedisKeys(redisUrl, prefix);
});

describe("A/V signalling between two signing processes sharing Redis", () => {
  it("shows each side the other, relays offer, answer and ICE, the host's view, and the end", async () => {
    const hostSocket = await connectAvSignal(a.signingUrl, host);
    expect(await hostSocket.next("welcome")).toMatchObject({ self: ben.id, present: [] });
    const signerSocket = await connectAvSignal(b.signingUrl, signer);
    // the host, connected to A, is present for the signer connected to B, and is told she joined
    expect(await signerSocket.next("welcome")).toMatchObject({
      self: ada.id,
      present: [{ id: ben.id, name: "Ben Okafor", isHost: true }],
    });
    expect(await hostSocket.next("joined")).toMatchObject({ peer: { id: ada.id, name: "Ada Okafor", isHost: false } });
    // either process's room state counts both online
    for (const client of [host, signer]) {
      const state = await client.get<AvRoomState>(avPath);
      expect(state.body.participants.filter((person) => person.online).map((person) => person.id)).toEqual(
        expect.arrayContaining([ada.id, ben.id]),
      );
    }

    hostSocket.socket.send(JSON.stringify({ type: "offer", to: ada.id, description: { type: "offer", sdp: "v=0 A" } }));
    expect(await signerSocket.next("offer")).toEqual({
      type: "offer",
      from: ben.id,
      description: { type: "offer", sdp: "v=0 A" },
    });
    signerSocket.socket.send(
      JSON.stringify({ type: "answer", to: ben.id, description: { type: "answer", sdp: "v=0 B" } }),
    );
    expect(await hostSocket.next("answer")).toEqual({
      type: "answer",
      from: ada.id,
      description: { type: "answer", sdp: "v=0 B" },
    });
    const candidates = ["candidate:1 1 udp 1 127.0.0.1 9 typ host", "candidate:2 1 udp 1 127.0.0.1 10 typ host"];
    for (const candidate of candidates)
      signerSocket.socket.send(JSON.stringify({ type: "ice", to: ben.id, candidate: { candidate } }));
    await hostSocket.next("ice");
    await expect
      .poll(() => hostSocket.messages.filter((message) => message.type === "ice"))
      .toEqual(candidates.map((candidate) => ({ type: "ice", from: ada.id, candidate: { candidate } })));

    hostSocket.socket.send(JSON.stringify({ type: "view", view: { documentId: s.document.id, page: 1 } }));
    expect(await signerSocket.next("view")).toMatchObject({ view: { documentId: s.document.id } });

    // the signer opening another tab through process A replaces her socket on B
    const again = await connectAvSignal(a.signingUrl, signer);
    await again.next("welcome");
    expect(await signerSocket.closed).toBe(4001);
    // nobody was told she left: she is still there, through A
    expect(hostSocket.messages.some((message) => message.type === "left")).toBe(false);

    // the signalling channel and the presence live under this installation's Redis prefix
    const redis = new Redis(redisUrl);
    try {
      expect(await redis.hkeys(`${prefix}:av:presence:${s.pkg.id}`)).toEqual(expect.arrayContaining([ada.id, ben.id]));
      expect(await redis.pubsub("NUMSUB", `${prefix}:av:signal`)).toEqual([`${prefix}:av:signal`, 2]);
    } finally {
      redis.disconnect();
    }

    // the host on A ends the session: the signer's socket, wherever it is, hears it and is hung up
    const back = await connectAvSignal(b.signingUrl, signer);
    await back.next("welcome");
    expect(await again.closed).toBe(4001);
    expect((await host.request("POST", `${avPath}/end`)).status).toBe(200);
    expect(await back.next("session")).toEqual({ type: "session", status: "ENDED" });
    expect(await back.closed).toBe(4002);
    expect(await hostSocket.closed).toBe(4002);
    const ended = await signer.get<AvRoomState>(avPath);
    expect(ended.body.participants.some((person) => person.online)).toBe(false);
  });

  it("tells a participant on one process that a peer on the other is not connected", async () => {
    expect((await host.request("POST", avPath)).status).toBe(201);
    const hostSocket = await connectAvSignal(a.signingUrl, host);
    await hostSocket.next("welcome");
    hostSocket.socket.send(JSON.stringify({ type: "offer", to: ada.id, description: { type: "offer", sdp: "v=0" } }));
    expect(await hostSocket.next("error")).toEqual({ type: "error", message: "That participant is not connected." });
    const signerSocket = await connectAvSignal(b.signingUrl, signer);
    await signerSocket.next("welcome");
    signerSocket.socket.close();
    // her process withdraws her presence when her socket closes, and the host hears she left
    expect(await hostSocket.next("left")).toMatchObject({ peer: { id: ada.id } });
    hostSocket.socket.close();
  });
});
