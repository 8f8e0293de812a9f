import { buffer } from "node:stream/consumers";
import {
  HEADERS,
  type MailingReport,
  type PackageReport,
  type PackageReportSeries,
  type PackageStatus,
  REPORT_MESSAGES,
} from "@signet/contract";
import { type Db, packageReportCsv, type UserActor } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACCESS_TEST_ENV,
  type AccessOrg,
  newGroup,
  newRole,
  newUser,
  organizationWithAdmin,
  signedIn,
  userWithRoles,
} from "./support/access-fixtures.ts";
import type { HttpClient } from "./support/http-client.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 14 §3: the package report over real PostgreSQL. Packages are written with known times so
// that totals, medians and chart points can be stated exactly; a second organization's package
// must never be counted.

const DAY = 24 * 60 * 60 * 1000;
/** A Monday, so day and week periods are easy to read. */
const START = Date.UTC(2026, 2, 2);
const at = (day: number) => new Date(START + day * DAY);

let app: TestApp;
let org: AccessOrg;
let other: AccessOrg;
let admin: HttpClient;
let eastMember: HttpClient;
let noReports: HttpClient;
let east: { id: string; name: string };
let west: { id: string; name: string };
let graceId: string;
let shortIds = 0;

interface Seed {
  name: string;
  status: PackageStatus;
  groups: string[];
  created: number;
  sent?: number;
  /** days after sending */
  completedAfter?: number;
  senderId: string;
  types?: string[];
}

async function seed(db: Db, organizationId: string, input: Seed) {
  shortIds += 1;
  const sentAt = input.sent === undefined ? null : at(input.sent);
  const pkg = await db.package.create({
    data: {
      organizationId,
      shortId: `R-${shortIds}`,
      name: input.name,
      status: input.status,
      createdById: input.senderId,
      createdAt: at(input.created),
      sentAt,
      completedAt:
        sentAt && input.completedAfter !== undefined ? new Date(sentAt.getTime() + input.completedAfter * DAY) : null,
      groups: { create: input.groups.map((groupId) => ({ groupId, organizationId })) },
      participants: {
        create: (input.types ?? []).map((type, index) => ({
          organizationId,
          type,
          roleNumber: 1,
          orderSequence: index + 1,
          givenName: `P${index}`,
          familyName: "Person",
        })),
      },
    },
  });
  return pkg;
}

const base = (orgId: string) => `/api/v1/organizations/${orgId}/reports`;
const reportOf = (client: HttpClient, query = "", orgId = org.organizationId) =>
  client.get<PackageReport>(`${base(orgId)}/packages${query}`);
const seriesOf = (client: HttpClient, query = "", orgId = org.organizationId) =>
  client.get<PackageReportSeries>(`${base(orgId)}/packages/series${query}`);

/** The CSV as bytes, as a browser receives it (HttpClient decodes text, which would drop the BOM). */
async function csvOf(client: HttpClient, query = "", orgId = org.organizationId) {
  const cookie = [...client.jar].map(([key, value]) => `${key}=${value}`).join("; ");
  const response = await fetch(`${app.url}${base(orgId)}/packages.csv${query}`, { headers: { cookie } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  return {
    response,
    bytes,
    text,
    lines: text
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean),
  };
}

beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
  const db = app.server.db;
  org = await organizationWithAdmin(db);
  other = await organizationWithAdmin(db);
  east = await newGroup(org, { name: "East" });
  west = await newGroup(org, { name: "West" });
  const grace = await newUser(db, org.organizationId, "Grace", "Hopper");
  graceId = grace.id;
  const adminId = org.admin.id;

  await seed(db, org.organizationId, {
    name: "East draft",
    status: "STARTED",
    groups: [east.id],
    created: 0,
    senderId: adminId,
    types: ["Borrower"],
  });
  await seed(db, org.organizationId, {
    name: "East out",
    status: "AVAILABLE_TO_SIGNERS",
    groups: [east.id],
    created: 1,
    sent: 1,
    senderId: adminId,
    types: ["Borrower", "Seller"],
  });
  await seed(db, org.organizationId, {
    name: "East done in 2 days",
    status: "COMPLETED",
    groups: [east.id],
    created: 2,
    sent: 2,
    completedAfter: 2,
    senderId: graceId,
    types: ["Borrower"],
  });
  await seed(db, org.organizationId, {
    name: '=HYPERLINK("http://evil.example")',
    status: "COMPLETED",
    groups: [west.id],
    created: 3,
    sent: 3,
    completedAfter: 4,
    senderId: adminId,
    types: ["Seller"],
  });
  await seed(db, org.organizationId, {
    name: "West out",
    status: "AVAILABLE_TO_SIGNERS",
    groups: [west.id],
    created: 5,
    sent: 5,
    senderId: adminId,
  });
  await seed(db, org.organizationId, {
    name: 'West cancelled, "late"',
    status: "CANCELLED",
    groups: [west.id],
    created: 10,
    sent: 10,
    senderId: graceId,
  });
  await seed(db, org.organizationId, {
    name: "Both done in 10 days",
    status: "COMPLETED",
    groups: [east.id, west.id],
    created: 10,
    sent: 10,
    completedAfter: 10,
    senderId: adminId,
  });
  await seed(db, other.organizationId, {
    name: "Other organization's package",
    status: "COMPLETED",
    groups: [other.adminGroup.id],
    created: 4,
    sent: 4,
    completedAfter: 1,
    senderId: other.admin.id,
  });

  admin = await signedIn(app.url, org.admin.email);
  const reporter = await newRole(org, ["VIEW_DOCUMENTS_PACKAGES", "VIEW_AND_MANAGE_REPORTS"]);
  eastMember = await signedIn(app.url, (await userWithRoles(org, east.id, [reporter.id])).email);
  const viewer = await newRole(org, ["VIEW_DOCUMENTS_PACKAGES"]);
  noReports = await signedIn(app.url, (await userWithRoles(org, east.id, [viewer.id])).email);
}, 60_000);
afterAll(() => app?.close());

describe("GET reports/packages", () => {
  it("counts every package the admin sees, by status, with the time from sending to completion", async () => {
    const reply = await reportOf(admin);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.count).toBe(7);
    expect(reply.body.totals).toEqual({
      count: 7,
      byStatus: {
        STARTED: 1,
        AVAILABLE_TO_SIGNERS: 2,
        EDEPOSIT_PENDING: 0,
        COMPLETED: 3,
        EDEPOSITED: 0,
        CANCELLED: 1,
        CONSENT_WITHDRAWN: 0,
        PENDING_ENOTARY: 0,
      },
      completedCount: 3,
      medianDaysToComplete: 4,
      averageDaysToComplete: 5.3,
    });
    expect(reply.body.records.map((row) => row.name)).not.toContain("Other organization's package");
  });

  it("answers rows with the sender's name, group names, times and participants, newest first", async () => {
    const reply = await reportOf(admin, "?pageSize=3");
    const names = reply.body.records.map((row) => row.name);
    // the first two were created the same day (their ids break the tie)
    expect(names.slice(0, 2).sort()).toEqual(["Both done in 10 days", 'West cancelled, "late"']);
    expect(names[2]).toBe("West out");
    const adminUser = await app.server.db.user.findUniqueOrThrow({ where: { id: org.admin.id } });
    const both = (await reportOf(admin, "?status=COMPLETED&sortBy=completedAt&sortDirection=desc")).body;
    expect(both.records[0]).toEqual({
      id: expect.any(String),
      shortId: expect.stringMatching(/^R-\d+$/),
      name: "Both done in 10 days",
      status: "COMPLETED",
      senderName: `${adminUser.givenName} ${adminUser.familyName}`,
      groups: ["East", "West"],
      createdAt: at(10).toISOString(),
      sentAt: at(10).toISOString(),
      completedAt: at(20).toISOString(),
      participantCount: 0,
      daysToComplete: 10,
    });
    const grace = (await reportOf(admin, `?senderId=${graceId}&status=COMPLETED`)).body.records[0]!;
    expect([grace.senderName, grace.participantCount, grace.daysToComplete]).toEqual(["Grace Hopper", 1, 2]);
  });

  it("pages and sorts in the database: completion time descending puts packages never completed last", async () => {
    const first = await reportOf(admin, "?sortBy=completedAt&sortDirection=desc&pageSize=2&pageNumber=1");
    const second = await reportOf(admin, "?sortBy=completedAt&sortDirection=desc&pageSize=2&pageNumber=2");
    expect(first.body.records.map((row) => row.name)).toEqual([
      "Both done in 10 days",
      '=HYPERLINK("http://evil.example")',
    ]);
    expect(second.body.records.map((row) => row.name)[0]).toBe("East done in 2 days");
    expect(second.body.records[1]!.completedAt).toBeNull();
    expect([first.body.count, second.body.count]).toEqual([7, 7]);
  });

  it.each([
    ["status", "?status=COMPLETED", 3],
    ["two statuses", "?status=STARTED,CANCELLED", 2],
    ["group", () => `?groupId=${west.id}`, 4],
    ["sender", () => `?senderId=${graceId}`, 2],
    ["participant type", "?participantType=Seller", 2],
    [
      "created dates (whole days)",
      `?createdFrom=${at(2).toISOString().slice(0, 10)}&createdTo=${at(3).toISOString().slice(0, 10)}`,
      2,
    ],
    ["everything together", () => `?status=COMPLETED&groupId=${east.id}&participantType=Borrower`, 1],
  ] as const)(
    "filters by %s, and the totals, the charts and the CSV count the same packages",
    async (_, query, expected) => {
      const q = typeof query === "function" ? query() : query;
      const report = await reportOf(admin, q);
      expect(report.status, JSON.stringify(report.body)).toBe(200);
      expect([report.body.count, report.body.records.length]).toEqual([expected, expected]);
      const series = await seriesOf(admin, q);
      const charted = series.body.byStatus.reduce(
        (sum, point) => sum + Object.values(point.counts).reduce((a, b) => a + b, 0),
        0,
      );
      expect(charted).toBe(expected);
      const completedCharted = series.body.completionTime.reduce((sum, bucket) => sum + bucket.count, 0);
      expect(completedCharted).toBe(report.body.totals.completedCount);
      const csv = await csvOf(admin, q);
      expect(csv.lines.length - 1).toBe(expected);
    },
  );

  it("shows a member only the packages of groups where they see packages", async () => {
    const reply = await reportOf(eastMember);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.records.map((row) => row.name).sort()).toEqual(
      ["Both done in 10 days", "East done in 2 days", "East draft", "East out"].sort(),
    );
    expect(reply.body.totals.count).toBe(4);
    const series = await seriesOf(eastMember);
    expect(series.body.completionByGroup.map((group) => group.name)).toEqual(["East"]);
    const csv = await csvOf(eastMember);
    expect(
      csv.lines
        .slice(1)
        .map((line) => line.split(",")[0])
        .sort(),
    ).toEqual(["Both done in 10 days", "East done in 2 days", "East draft", "East out"].sort());
    // naming the other group filters to what they see of it, not to everything in it
    expect((await reportOf(eastMember, `?groupId=${west.id}`)).body.records.map((row) => row.name)).toEqual([
      "Both done in 10 days",
    ]);
  });

  it("refuses a member without VIEW_AND_MANAGE_REPORTS (403) on every report route", async () => {
    for (const path of ["packages", "packages/series", "packages.csv", "mailings"]) {
      const reply = await noReports.get(`${base(org.organizationId)}/${path}`);
      expect(reply.status, path).toBe(403);
    }
  });

  it("answers 404 for another organization's id on every report route", async () => {
    for (const path of ["packages", "packages/series", "packages.csv", "mailings"]) {
      const reply = await admin.get(`${base(other.organizationId)}/${path}`);
      expect(reply.status, path).toBe(404);
    }
  });

  it("refuses filters that do not parse (400)", async () => {
    for (const query of ["?status=DONE", "?groupId=east", "?createdFrom=yesterday", "?sortBy=shortId"]) {
      expect((await reportOf(admin, query)).status, query).toBe(400);
    }
  });
});

describe("GET reports/packages/series", () => {
  it("charts by day over a short range, every day present, by status now", async () => {
    const reply = await seriesOf(admin);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.bucket).toBe("day");
    expect(reply.body.byStatus.map((point) => point.period)).toEqual(
      Array.from({ length: 11 }, (_, day) => at(day).toISOString().slice(0, 10)),
    );
    expect(reply.body.byStatus[0]!.counts.STARTED).toBe(1);
    expect(reply.body.byStatus[10]!.counts).toMatchObject({ CANCELLED: 1, COMPLETED: 1 });
    expect(reply.body.byStatus[7]!.counts).toMatchObject({ STARTED: 0, COMPLETED: 0 });
    expect(reply.body.completionTime.filter((bucket) => bucket.count > 0)).toEqual([
      { label: "1–2 days", count: 1 },
      { label: "3–6 days", count: 1 },
      { label: "1–2 weeks", count: 1 },
    ]);
    expect(reply.body.completionByGroup).toEqual([
      { groupId: east.id, name: "East", sent: 3, completed: 2, rate: 0.667 },
      { groupId: west.id, name: "West", sent: 4, completed: 2, rate: 0.5 },
    ]);
  });

  it("charts by week over a long range (weeks start on Monday)", async () => {
    const reply = await seriesOf(admin, "?createdFrom=2026-01-01&createdTo=2026-06-30");
    expect(reply.body.bucket).toBe("week");
    const points = reply.body.byStatus.filter((point) => Object.values(point.counts).some((count) => count > 0));
    expect(points.map((point) => point.period)).toEqual(["2026-03-02", "2026-03-09"]);
    expect(points[1]!.counts).toMatchObject({ CANCELLED: 1, COMPLETED: 1 });
  });
});

describe("GET reports/packages.csv", () => {
  it("streams every row as a UTF-8 CSV with a BOM, quoting and the formula guard", async () => {
    const { response, bytes, lines } = await csvOf(admin);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="package-report-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    // written as it is read: no length known up front
    expect(response.headers.get("transfer-encoding")).toBe("chunked");
    expect(response.headers.get("content-length")).toBeNull();
    expect(response.headers.get("x-report-row-count")).toBe("7");
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines[0]).toBe("Package,Short id,Status,Sender,Groups,Created,Sent,Completed,Participants,Days to complete");
    expect(lines).toHaveLength(8);
    expect(lines).toContainEqual(
      expect.stringMatching(/^"'=HYPERLINK\(""http:\/\/evil\.example""\)",R-\d+,Completed,/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^"West cancelled, ""late""",R-\d+,Cancelled,Grace Hopper,West,/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^Both done in 10 days,R-\d+,Completed,Test [^,]+,East; West,2026-03-12T00:00:00.000Z,2026-03-12T00:00:00.000Z,2026-03-22T00:00:00.000Z,0,10$/,
      ),
    );
    expect(lines.join("\n")).not.toContain("Other organization");
  });

  it("reads packages in batches: 7 packages in batches of 2 take four reads and lose none", async () => {
    const actor: UserActor = {
      kind: "user",
      userId: org.admin.id,
      organizationId: org.organizationId,
      tokenId: "report-test",
      supportUser: false,
      partial: false,
      credentialsExpired: false,
      ip: null,
      userAgent: null,
    };
    const batches: number[] = [];
    const file = await packageReportCsv(actor, { organizationId: org.organizationId }, app.server.deps, {
      batchSize: 2,
      onBatch: (size) => batches.push(size),
    });
    expect(file.count).toBe(7);
    const text = new TextDecoder().decode(await buffer(file.stream));
    expect(batches).toEqual([2, 2, 2, 1]);
    const names = text.split("\r\n").filter(Boolean).slice(1);
    expect(names).toHaveLength(7);
    expect(new Set(names).size).toBe(7);
  });
});

describe("GET reports/mailings", () => {
  it("answers an empty report that says why while print fulfillment is not set up", async () => {
    const reply = await admin.get<MailingReport>(`${base(org.organizationId)}/mailings`, {
      headers: { [HEADERS.apiVersion]: "v1" },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      records: [],
      count: 0,
      available: false,
      reason: REPORT_MESSAGES.mailingUnavailable,
      totals: { mailings: 0, delivered: 0, returned: 0, errors: 0 },
      byStatus: [],
    });
  });
});
