import {
  fillPath,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENCY_RULES,
  IDEMPOTENT_REPLAYED_HEADER,
  PACKAGE_ACTION_MESSAGES,
  type Package,
  routes,
  routeUrl,
} from "@signet/contract";
import { purgeExpiredIdempotentRequests } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { memberOfNewGroup, OFFICER, type PackageOrg, packageOrg } from "./support/package-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 36: a POST carrying an Idempotency-Key is done once; a retry under the same key (the SDK
// sends one per call, the same on every retry) answers the first answer again.

let app: TestApp;
let org: PackageOrg;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
  org = await packageOrg(app.server.db, app.url);
});
afterAll(() => app?.close());

const withKey = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key });
const packagesNamed = (name: string) =>
  app.server.db.package.count({ where: { organizationId: org.org.organizationId, name } });

describe("Idempotency-Key on a create", () => {
  it("creates once: the retry answers the first answer, status, body and Location, marked replayed", async () => {
    const first = await org.admin.request<Package>("POST", org.paths.packages, {
      json: { name: "Loan 1001" },
      headers: withKey("loan-1001-create"),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();

    const retry = await org.admin.request<Package>("POST", org.paths.packages, {
      json: { name: "Loan 1001" },
      headers: withKey("loan-1001-create"),
    });
    expect(retry.status).toBe(201);
    expect(retry.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe("true");
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get("location")).toBe(first.headers.get("location"));
    expect(retry.headers.get("content-type")).toContain("application/json");
    expect(await packagesNamed("Loan 1001")).toBe(1);
  });

  it("refuses the key for another request, and lets requests without a key create each time", async () => {
    const key = "loan-1002-create";
    expect(
      (await org.admin.request("POST", org.paths.packages, { json: { name: "Loan 1002" }, headers: withKey(key) }))
        .status,
    ).toBe(201);
    const other = await org.admin.request<{ code: string; message: string; status: number }>(
      "POST",
      org.paths.packages,
      { json: { name: "Loan 1002 again" }, headers: withKey(key) },
    );
    expect([other.status, other.body.code, other.body.message]).toEqual([
      422,
      "IDEMPOTENCY_KEY_REUSED",
      IDEMPOTENCY_MESSAGES.reused,
    ]);
    expect(await packagesNamed("Loan 1002 again")).toBe(0);

    for (let i = 0; i < 2; i++) {
      expect((await org.admin.request("POST", org.paths.packages, { json: { name: "No key" } })).status).toBe(201);
    }
    expect(await packagesNamed("No key")).toBe(2);
  });

  it("creates once when the same request arrives many times at once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        org.admin.request<{ id?: string; code?: string }>("POST", org.paths.packages, {
          json: { name: "Loan 1003" },
          headers: withKey("loan-1003-create"),
        }),
      ),
    );
    // each is the first answer, or (while the first runs) a refusal to retry
    for (const answer of answers) {
      expect([201, 409], JSON.stringify(answer.body)).toContain(answer.status);
      if (answer.status === 409) expect(answer.body.code).toBe("IDEMPOTENCY_KEY_IN_USE");
    }
    const created = answers.filter((answer) => answer.status === 201).map((answer) => answer.body.id);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created).size).toBe(1);
    expect(await packagesNamed("Loan 1003")).toBe(1);
  });

  it("keeps each caller's keys apart", async () => {
    const officer = await memberOfNewGroup(org.org, app.url, OFFICER);
    for (const client of [org.admin, officer.client]) {
      const reply = await client.request("POST", org.paths.packages, {
        json: { name: "Loan 1004" },
        headers: withKey("shared-key"),
      });
      expect(reply.status).toBe(201);
      expect(reply.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
    }
    expect(await packagesNamed("Loan 1004")).toBe(2);
  });

  it("keeps no failure: after a refusal the same request under the same key runs again", async () => {
    const created = await org.admin.request<Package>("POST", org.paths.packages, { json: { name: "Loan 1005" } });
    const path = fillPath(routeUrl(routes.createCollaboration), {
      orgId: org.org.organizationId,
      packageId: created.body.id,
    });
    const refused = await org.admin.request<{ message: string }>("POST", path, { headers: withKey("collab-1005") });
    expect([refused.status, refused.body.message]).toEqual([
      409,
      PACKAGE_ACTION_MESSAGES.collaborationDisabledForOrganization,
    ]);
    await org.admin.request(
      "PATCH",
      fillPath(routeUrl(routes.updatePackageSettings), { orgId: org.org.organizationId }),
      {
        json: { enable_pkg_collaboration: true },
      },
    );
    await app.server.db.package.update({ where: { id: created.body.id }, data: { packageCollaboration: true } });
    const ran = await org.admin.request<{ collaborationURL: string }>("POST", path, {
      headers: withKey("collab-1005"),
    });
    expect(ran.status, JSON.stringify(ran.body)).toBe(200);
    expect(ran.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
  });

  it("answers a malformed key with a 400 naming the header", async () => {
    for (const key of ["two words", "k".repeat(IDEMPOTENCY_RULES.maxKeyLength + 1)]) {
      const reply = await org.admin.request<{ message: string; details: { path: string }[] }>(
        "POST",
        org.paths.packages,
        { json: { name: "Bad key" }, headers: withKey(key) },
      );
      expect([reply.status, reply.body.message]).toEqual([400, IDEMPOTENCY_MESSAGES.invalidKey]);
      expect(reply.body.details[0]?.path).toBe(`headers.${IDEMPOTENCY_KEY_HEADER}`);
    }
    expect(await packagesNamed("Bad key")).toBe(0);
  });

  it("forgets an answer after the retention period: the key creates again", async () => {
    const key = "loan-1006-create";
    const first = await org.admin.request<Package>("POST", org.paths.packages, {
      json: { name: "Loan 1006" },
      headers: withKey(key),
    });
    expect(first.status).toBe(201);
    const later = new Date(Date.now() + (IDEMPOTENCY_RULES.retentionHours * 3_600_000 + 60_000));
    expect(await purgeExpiredIdempotentRequests(app.server.db, later)).toBeGreaterThanOrEqual(1);
    const again = await org.admin.request<Package>("POST", org.paths.packages, {
      json: { name: "Loan 1006" },
      headers: withKey(key),
    });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(first.body.id);
    expect(await packagesNamed("Loan 1006")).toBe(2);
  });
});
