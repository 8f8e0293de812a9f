import type { SigningRoom } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import {
  openAndConsent,
  packageApi,
  sendPackage,
  signablePackage,
  signEverything,
  TINY_PNG,
} from "./support/signing-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 11 §5: a later signer sees, read-only, what the signers before them filled in (as the sealed
// PDF will show it); nothing of a participant who has not finished leaves the server.

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

describe("completed fields of other participants", () => {
  it("shows the first signer's filled fields to the second, and nothing of the second to the first", async () => {
    const s = await signablePackage(app, db(), { ordered: true });
    const [ada, ben] = s.signers;
    const place = async (participantId: string, type: string, y: number) => {
      const reply = await s.admin.request<{ id: string }>("POST", s.api.documentTags(s.document.id), {
        json: { participantId, type, page: 1, x: 72, y, width: 120, height: 20, required: false },
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      return reply.body.id;
    };
    const adaText = await place(ada!.id, "TEXT", 100);
    const adaCheck = await place(ada!.id, "CHECKBOX", 130);
    const benText = await place(ben!.id, "TEXT", 160);
    // custom-field tags: a plain one is shown, an encrypted one never leaves the server
    const define = async (body: object) => {
      const reply = await s.admin.request<{ id: string }>(
        "POST",
        `/api/v1/organizations/${s.org.organizationId}/custom-fields`,
        { json: body },
      );
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      return reply.body.id;
    };
    const employer = await define({ customFieldId: "employer", name: "Employer" });
    const salary = await define({ customFieldId: "salary", name: "Salary", encrypted: true });
    const placeField = async (customFieldId: string, y: number) => {
      const reply = await s.admin.request<{ id: string }>("POST", s.api.documentTags(s.document.id), {
        json: {
          participantId: ada!.id,
          type: "CUSTOM_FIELD",
          customFieldId,
          page: 1,
          x: 300,
          y,
          width: 160,
          height: 20,
        },
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      return reply.body.id;
    };
    const employerTag = await placeField(employer, 100);
    const salaryTag = await placeField(salary, 130);
    await sendPackage(s, db());

    // Ada, before anyone finished: nothing of Ben
    const adaRoom = await openAndConsent(app.server.signingRoom!.url, await tokenFor(s, ada!.id));
    expect(adaRoom.room.completedTags).toEqual([]);
    const typed = await adaRoom.client.request("PUT", `/api/v1/signing/tags/${adaText}`, {
      json: { value: "Paid off car loan" },
    });
    expect(typed.status).toBe(200);
    for (const [tagId, value] of [
      [employerTag, "Acme Bank"],
      [salaryTag, "Secret salary 9000"],
    ] as const) {
      const filled = await adaRoom.client.request("PUT", `/api/v1/signing/tags/${tagId}`, { json: { value } });
      expect(filled.status, JSON.stringify(filled.body)).toBe(200);
    }
    const typedIds = new Set([adaText, employerTag, salaryTag]);
    const rest = { ...adaRoom.room, tags: adaRoom.room.tags.filter((tag) => !typedIds.has(tag.id)) } as SigningRoom;
    expect((await signEverything(adaRoom.client, rest)).status).toBe(200);

    // Ben sees Ada's text, check, date and signature image, read-only and apart from his own tags
    const benRoom = await openAndConsent(app.server.signingRoom!.url, await tokenFor(s, ben!.id));
    const seen = benRoom.room.completedTags;
    const adaSignature = s.signatureTags.get(ada!.id)!;
    expect(seen.map((tag) => tag.id).sort()).toEqual(
      [
        adaText,
        adaCheck,
        adaSignature,
        employerTag,
        ...seen.filter((tag) => tag.type === "DATE_SIGNED").map((tag) => tag.id),
      ].sort(),
    );
    expect(seen.every((tag) => tag.participantName === "Ada Okafor")).toBe(true);
    expect(seen.find((tag) => tag.id === adaText)).toMatchObject({ text: "Paid off car loan", checked: false });
    expect(seen.find((tag) => tag.id === adaCheck)).toMatchObject({ text: null, checked: true, imageDataUrl: null });
    expect(seen.find((tag) => tag.id === adaSignature)?.imageDataUrl).toBe(TINY_PNG);
    const date = seen.find((tag) => tag.type === "DATE_SIGNED");
    expect(date?.text).toMatch(/\d/);
    expect(benRoom.room.tags.map((tag) => tag.id)).not.toContain(adaText);
    expect(seen.find((tag) => tag.id === employerTag)).toMatchObject({ text: "Acme Bank" });
    expect(JSON.stringify(benRoom.room)).not.toContain("Secret salary");

    // Ben fills a field but has not finished: Ada's room still holds nothing of his
    const benTyped = await benRoom.client.request("PUT", `/api/v1/signing/tags/${benText}`, {
      json: { value: "Ben's secret note" },
    });
    expect(benTyped.status).toBe(200);
    const adaAgain = await adaRoom.client.room();
    expect(adaAgain.status).toBe(200);
    expect(adaAgain.body.stage).toBe("FINISHED");
    expect(adaAgain.body.completedTags).toEqual([]);
    expect(JSON.stringify(adaAgain.body)).not.toContain("Ben's secret note");
  });
});
