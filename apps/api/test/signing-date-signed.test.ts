import { fillPath, routes, routeUrl, type SealedArtifact, type SigningRoom } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { poll } from "./support/poll.ts";
import {
  openAndConsent,
  packageApi,
  pdfText,
  sendPackage,
  signablePackage,
  TINY_PNG,
} from "./support/signing-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 11 §2: the signer never clicks "Date signed": the server writes it in the finish transaction,
// as the date in the organization's time zone, and the seal draws it.

let app: TestApp;
const db = () => app.server.db;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
});
afterAll(() => app?.close());

const usDate = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);

/**
 * A zone whose date differs from UTC's right now (UTC+14 or UTC−11: at every hour one of them is on
 * another day), so a date written in UTC or the server's zone fails the test.
 */
function zoneOnAnotherDay(now: Date): string {
  const utc = usDate(now, "UTC");
  const zone = ["Pacific/Kiritimati", "Pacific/Pago_Pago"].find((candidate) => usDate(now, candidate) !== utc);
  if (!zone) throw new Error("no zone on another day than UTC");
  return zone;
}

describe("Date signed fills itself when the participant finishes", () => {
  it("stores today's date in the organization's time zone without the participant sending it, and seals it", async () => {
    const s = await signablePackage(app, db(), { signers: [{ givenName: "Ada", email: "ada@example.com" }] });
    const timezone = zoneOnAnotherDay(new Date());
    const saved = await s.admin.request(
      "PATCH",
      fillPath(routeUrl(routes.updatePackageSettings), { orgId: s.org.organizationId }),
      { json: { timezone } },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await sendPackage(s, db());
    const ada = s.signers[0]!;
    const link = await s.admin.request<{ signingURL: string }>(
      "POST",
      packageApi(s.org.organizationId, s.pkg.id).signingUrl(ada.id),
      { json: {} },
    );
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const token = decodeURIComponent(new URL(link.body.signingURL).pathname.split("/").pop()!);
    const { client, room } = await openAndConsent(app.server.signingRoom!.url, token);

    const dateTag = room.tags.find((tag) => tag.type === "DATE_SIGNED")!;
    expect(dateTag.value).toBeNull();
    // only the signature: the date is not sent, and does not stop the finish
    const adopted = await client.request("PUT", "/api/v1/signing/signature", {
      json: { kind: "SIGNATURE", method: "TYPED", text: "Ada Okafor", imageDataUrl: TINY_PNG },
    });
    expect(adopted.status).toBe(200);
    const signed = await client.request("PUT", `/api/v1/signing/tags/${s.signatureTags.get(ada.id)}`, {
      json: { value: "applied" },
    });
    expect(signed.status).toBe(200);
    expect(await db().tagValue.findUnique({ where: { tagId: dateTag.id } })).toBeNull();

    const before = new Date();
    const finished = await client.request<SigningRoom>("POST", "/api/v1/signing/finish");
    const after = new Date();
    expect([finished.status, finished.body.stage], JSON.stringify(finished.body)).toEqual([200, "FINISHED"]);

    const stored = await db().tagValue.findUniqueOrThrow({ where: { tagId: dateTag.id } });
    const expected = [usDate(before, timezone), usDate(after, timezone)];
    expect(expected).toContain(stored.value);
    expect(stored.value).not.toBe(usDate(after, "UTC"));
    expect(stored.participantId).toBe(ada.id);
    const participant = await db().participant.findUniqueOrThrow({ where: { id: ada.id } });
    expect(stored.filledAt.getTime()).toBe(participant.finishedAt!.getTime());

    await poll(
      "the package to be sealed",
      async () => (await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).sealedAt,
      { timeoutMs: 20_000 },
    );
    const artifacts = await s.admin.get<{ records: SealedArtifact[] }>(s.api.sealedArtifacts);
    const sealedDocument = artifacts.body.records.find((artifact) => artifact.kind === "DOCUMENT")!;
    const response = await fetch(`${app.url}${s.api.sealedFile(sealedDocument.id)}`, {
      headers: { cookie: [...s.admin.jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    expect(response.status).toBe(200);
    expect(pdfText(new Uint8Array(await response.arrayBuffer()))).toContain(stored.value);
  });
});
