import { verifyAuditChain } from "@signet/core";
import { MESSAGES } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizationWithUser, PASSWORD } from "./support/factories.ts";
import { HttpClient } from "./support/http-client.ts";
import { payloadClaims } from "./support/poll.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const client = () => new HttpClient(app.url);
const db = () => app.server.db;
const CHANGE = "/api/v1/users/me/change-password";
const NEW_PASSWORD = "Brand-New-Passphrase-42";
const permissionsOf = (orgId: string) => `/api/v1/organizations/${orgId}/users/me/permissions`;

async function signedIn(email: string, password = PASSWORD) {
  const browser = client();
  const reply = await browser.signIn(email, password);
  expect(reply.status).toBe(200);
  return browser;
}

/** The stored hash, so a test can prove a refused change left the password as it was. */
const storedHash = async (userId: string) =>
  (await db().credential.findUniqueOrThrow({ where: { userId } })).passwordHash;

describe("POST /api/v1/users/me/change-password", () => {
  it("refuses a wrong current password and leaves password and session untouched", async () => {
    const { user, organization } = await organizationWithUser(db());
    const browser = await signedIn(user.email);
    const before = await storedHash(user.id);
    const reply = await browser.request(CHANGE, { json: { currentPassword: "Not-the-password-1", newPassword: NEW_PASSWORD } } as never);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: "WRONG_CURRENT_PASSWORD", message: MESSAGES.wrongCurrentPassword });
    expect(reply.cookies.size).toBe(0);
    expect(await storedHash(user.id)).toBe(before);
    expect((await browser.get(permissionsOf(organization.id))).status).toBe(200);
    expect((await client().signIn(user.email, NEW_PASSWORD)).status).toBe(400);
  });
});
