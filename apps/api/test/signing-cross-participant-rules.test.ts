import type { SigningRoom } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import {
  openAndConsent,
  packageApi,
  sendPackage,
  signablePackage,
  signEverything,
} from "./support/signing-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// A conditional rule may read another participant's tag: the borrower checking "co-signed" makes the
// co-borrower's optional text tag required. The room carries the source's value, and finishing
// applies the rule over every tag of the package.

let app: TestApp;
const db = () => app.server.db;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
});
afterAll(() => app?.close());

async function tokenFor(s: Awaited<ReturnType<typeof signablePackage>>, participantId: string) {
  const reply = await s.admin.request<{ signingURL: string }>(
    "POST",
    packageApi(s.org.organizationId, s.pkg.id).signingUrl(participantId),
    { json: {} },
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return decodeURIComponent(new URL(reply.body.signingURL).pathname.split("/").pop()!);
}

describe("rules across participants", () => {
  it("requires a co-borrower's field when the borrower's checkbox is checked", async () => {
    const s = await signablePackage(app, db());
    const [ada, ben] = s.signers;
    const place = async (participantId: string, type: string, y: number, required: boolean) => {
      const reply = await s.admin.request<{ id: string }>("POST", s.api.documentTags(s.document.id), {
        json: { participantId, type, page: 1, x: 72, y, width: 120, height: 20, required },
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      return reply.body.id;
    };
    const checkbox = await place(ada!.id, "CHECKBOX", 100, false);
    const note = await place(ben!.id, "TEXT", 140, false);
    const rule = await s.admin.request("POST", s.api.conditionalRules, {
      json: { sourceTagId: checkbox, targetTagId: note, condition: "HAS_VALUE", action: "REQUIRE" },
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    await sendPackage(s, db());

    const adaRoom = await openAndConsent(app.server.signingRoom!.url, await tokenFor(s, ada!.id));
    expect((await signEverything(adaRoom.client, adaRoom.room)).status).toBe(200);

    const benRoom = await openAndConsent(app.server.signingRoom!.url, await tokenFor(s, ben!.id));
    expect(benRoom.room.sourceTags).toEqual([
      expect.objectContaining({ id: checkbox, type: "CHECKBOX", value: "true" }),
    ]);
    // Ben signs everything but the note, which Ada's checkbox made required
    const withoutNote = { ...benRoom.room, tags: benRoom.room.tags.filter((tag) => tag.id !== note) } as SigningRoom;
    const refused = await signEverything(benRoom.client, withoutNote);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "REQUIRED_FIELDS_MISSING", details: [{ path: `tags.${note}` }] });
    const filled = await benRoom.client.request("PUT", `/api/v1/signing/tags/${note}`, {
      json: { value: "Co-signed" },
    });
    expect(filled.status).toBe(200);
    expect((await benRoom.client.request<SigningRoom>("POST", "/api/v1/signing/finish")).body.stage).toBe("FINISHED");
  });
});
