import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import type { SigningRoom } from "@signet/contract";
import {
  type CoreDeps,
  createPrismaClient,
  type Db,
  getPackage,
  loadSigningRoom,
  resolveSigningSession,
  type UserActor,
} from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { openAndConsent, type SignablePackage, sendPackage, signablePackage } from "./support/signing-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// The signing room and the package page read a fixed number of statements whatever the package holds
// (issue 17 §3: no query per participant or per document). Statements are counted on the wire, on a
// pool of this test's own (its connections carry their own application_name), so the server's
// background work never counts.

const APPLICATION_NAME = "signing-room-queries";
// the pg that core's pools use (the API's workspace does not depend on pg itself)
const pg = createRequire(new URL("../../../packages/core/package.json", import.meta.url))("pg") as {
  Client: { prototype: { query: (...args: unknown[]) => unknown } };
};
let counted: string[] | null = null;
const send = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: { connectionParameters?: { application_name?: string } }, ...args) {
  const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: string } | null)?.text;
  if (counted && text && this.connectionParameters?.application_name === APPLICATION_NAME) counted.push(text);
  return send.apply(this, args);
};

let app: TestApp;
let countingDb: Db;
let deps: CoreDeps;
const db = () => app.server.db;
const origin = { ip: "127.0.0.1", userAgent: "vitest" };

beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
  const url = new URL(app.server.config.DATABASE_URL!);
  url.searchParams.set("application_name", APPLICATION_NAME);
  countingDb = createPrismaClient(url.toString(), { max: 4 });
  deps = { ...app.server.deps, db: countingDb };
});
afterAll(async () => {
  pg.Client.prototype.query = send;
  await countingDb?.$disconnect();
  await app?.close();
});

async function statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  counted = [];
  try {
    const result = await work();
    return { result, statements: counted };
  } finally {
    counted = null;
  }
}

/** The borrower's room after consent, with its session secret (the signing-room cookie's value). */
async function borrowerRoom(s: SignablePackage) {
  const reply = await s.admin.request<{ signingURL: string }>("POST", s.api.signingUrl(s.signers[0]!.id), { json: {} });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  const token = decodeURIComponent(new URL(reply.body.signingURL).pathname.split("/").pop()!);
  const { client, room } = await openAndConsent(app.server.signingRoom!.url, token);
  const secret = decodeURIComponent([...client.jar].find(([name]) => name === "signet_sr_session")![1]);
  return { client, room, secret };
}

/** Grows the package behind the API's back: more participants, and more documents the borrower signs. */
async function grow(s: SignablePackage, participants: number, documents: number) {
  const ben = await db().participant.findUniqueOrThrow({ where: { id: s.signers[1]!.id } });
  await db().participant.createMany({
    data: Array.from({ length: participants }, (_, index) => ({
      ...ben,
      id: randomUUID(),
      email: `extra-${index}@example.com`,
      roleNumber: index + 2,
      orderSequence: ben.orderSequence + index + 1,
      mailingAddress: undefined,
    })),
  });
  const document = await db().document.findUniqueOrThrow({ where: { id: s.document.id } });
  const tag = await db().tag.findFirstOrThrow({ where: { documentId: document.id, participantId: s.signers[0]!.id } });
  for (let index = 0; index < documents; index++) {
    const id = randomUUID();
    await db().document.create({
      data: {
        ...document,
        id,
        name: `Rider ${index}`,
        nameKey: `rider ${index}`,
        orderSequence: document.orderSequence + index + 1,
        pageSizes: [],
      },
    });
    await db().tag.create({ data: { ...tag, id: randomUUID(), documentId: id } });
  }
}

const userActor = (s: SignablePackage): UserActor => ({
  kind: "user",
  userId: s.org.admin.id,
  organizationId: s.org.organizationId,
  tokenId: randomUUID(),
  supportUser: false,
  partial: false,
  credentialsExpired: false,
  ip: origin.ip,
  userAgent: origin.userAgent,
});

describe("the signing room's statements", () => {
  it("resolves the session to the same rows Prisma reads", async () => {
    const s = await signablePackage(app, db());
    await sendPackage(s, db());
    const { secret } = await borrowerRoom(s);
    const context = await resolveSigningSession(secret, origin, deps);
    expect(context.session).toEqual(await db().signingSession.findUnique({ where: { id: context.session.id } }));
    expect(context.participant).toEqual(await db().participant.findUnique({ where: { id: s.signers[0]!.id } }));
    expect(context.pkg).toEqual(
      await db().package.findUnique({
        where: { id: s.pkg.id },
        include: {
          organization: {
            select: { id: true, name: true, enabledMultiLangSRSupport: true, embeddedSrEnabled: true, enabled: true },
          },
        },
      }),
    );
  });

  it("stays the same with 200 participants and 50 documents as with one of each", async () => {
    const measure = async (participants: number, documents: number) => {
      const s = await signablePackage(app, db());
      await sendPackage(s, db());
      const { client, room, secret } = await borrowerRoom(s);
      await grow(s, participants, documents);
      const session = await db().signingSession.findFirstOrThrow({ where: { participantId: s.signers[0]!.id } });
      // just after the last touch: resolving writes nothing
      const now = new Date(session.lastSeenAt.getTime() + 1000);
      const context = await statementsOf(() => resolveSigningSession(secret, origin, deps, now));
      const loaded = await statementsOf(() => loadSigningRoom(context.result, deps));
      const page = await statementsOf(() =>
        getPackage(userActor(s), { organizationId: s.org.organizationId, packageId: s.pkg.id }, deps),
      );
      // what the core answers is what the signing origin serves
      const served = await client.request<SigningRoom>("GET", "/api/v1/signing/room");
      expect(served.body).toEqual(JSON.parse(JSON.stringify(loaded.result)));
      expect(room.stage).toBe("SIGN");
      return { context, loaded, page };
    };
    const small = await measure(0, 0);
    const large = await measure(198, 49);
    expect(small.loaded.result.documents).toHaveLength(1);
    expect(large.loaded.result.documents).toHaveLength(50);
    expect(large.page.result.participantCount).toBe(200);
    expect(small.context.statements).toHaveLength(3);
    expect(small.loaded.statements).toHaveLength(1);
    // the same statements (sent in parallel, so in any order)
    expect(large.context.statements.sort()).toEqual(small.context.statements.sort());
    expect(large.loaded.statements).toEqual(small.loaded.statements);
    expect(large.page.statements.sort()).toEqual(small.page.statements.sort());
  });
});
