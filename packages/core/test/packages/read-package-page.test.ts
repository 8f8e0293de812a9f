import type { PackageListQuery, PackageStatus, ParticipantAccessMethod } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/db/prisma-client.ts";
import { packageFilterWhere } from "../../src/packages/list-packages.ts";
import type { PackageAccess } from "../../src/packages/package-access.ts";
import { packageViewInclude, toPackage, toPackageView, WORKSPACE_COLUMNS } from "../../src/packages/package-views.ts";
import { type PackagePageQuery, readPackagePage } from "../../src/packages/read-package-page.ts";
import { readPackageRows } from "../../src/packages/read-package-rows.ts";
import { readPackageViewRow } from "../../src/packages/read-package-view-row.ts";
import { readTridContext } from "../../src/packages/trid-view.ts";
import { buildGroup, buildOrganization } from "../../src/seed/builders.ts";
import { createTestDatabase, type TestDatabase } from "../../src/testing/test-database.ts";

// The workspace's one-statement page (read-package-page.ts) must answer what the Prisma path it
// replaced answers: the same visible packages, filters, order (ties included), pages and totals.
// Each case below is run both ways over one organization whose packages share names, creation
// times, statuses and group sets, so ties and overlaps are everywhere.

let database: TestDatabase;
const db = (): Db => database.db;
let organizationId: string;
let groups: string[];

const STATUSES: PackageStatus[] = ["STARTED", "AVAILABLE_TO_SIGNERS", "COMPLETED", "CANCELLED"];
const NAMES = ["Alpha loan", "bravo refinance", "Charlie", "alpha Loan", "Delta_100%"];
const GIVEN = ["Ada", "Ben", "Cleo", "ada"];
const BASE = Date.UTC(2026, 0, 10, 12);
const HOUR = 3_600_000;

beforeAll(async () => {
  database = await createTestDatabase();
  const organization = await buildOrganization(db(), { name: "Page Org" });
  organizationId = organization.id;
  groups = [];
  for (const name of ["G1", "G2", "G3", "G4"]) groups.push((await buildGroup(db(), { organizationId, name })).id);
  for (let index = 0; index < 48; index += 1) {
    // every third package a second group; the same creation time for pairs; a vault on some
    const shared = [groups[index % 4]!, ...(index % 3 === 0 ? [groups[(index + 1) % 4]!] : [])];
    await db().package.create({
      data: {
        organizationId,
        shortId: `S${String(index % 7).padStart(3, "0")}${index}`,
        name: NAMES[index % NAMES.length]!,
        status: STATUSES[index % STATUSES.length]!,
        vaultId: index % 5 === 0 ? "vault-1" : null,
        createdAt: new Date(BASE + Math.floor(index / 2) * 7 * HOUR),
        groups: { create: shared.map((groupId) => ({ groupId, organizationId })) },
        participants: {
          create: Array.from({ length: index % 3 }, (_, n) => ({
            organizationId,
            type: "BORROWER",
            roleNumber: n + 1,
            orderSequence: n + 1,
            givenName: GIVEN[(index + n) % GIVEN.length]!,
            familyName: `Family${index % 4}`,
            email: `p${index}-${n}@example.com`,
          })),
        },
      },
    });
  }
});
afterAll(async () => {
  await database?.drop();
});

type Case = Partial<PackageListQuery> & { visible: number[] };

/** The Prisma path (as list-packages.ts ran it before the one statement): ids, count, then rows. */
async function throughPrisma(query: Case) {
  const input = { ...defaults(query) };
  const access = { organizationId, visibleGroupIds: query.visible.map((i) => groups[i]!), closingCenter: null };
  const where = packageFilterWhere(access as unknown as PackageAccess, input);
  const page = await db().package.findMany({
    where,
    select: { id: true },
    orderBy: [{ [input.sortBy]: input.sortDirection }, { id: input.sortDirection }],
    skip: (input.pageNumber - 1) * input.pageSize,
    take: input.pageSize,
  });
  const count = await db().package.count({ where });
  return {
    rows: await readPackageRows(
      db(),
      page.map((row) => row.id),
    ),
    count,
  };
}

function defaults(query: Case) {
  return {
    sortBy: "createdAt" as const,
    sortDirection: "desc" as const,
    pageNumber: 1,
    pageSize: 10,
    ...query,
  };
}

const DAY_MS = 86_400_000;
function throughStatement(query: Case, columns?: typeof WORKSPACE_COLUMNS) {
  const input = defaults(query);
  const page: PackagePageQuery = {
    organizationId,
    visibleGroupIds: query.visible.map((i) => groups[i]!),
    statuses: (input.status ?? []).filter((status): status is PackageStatus => status !== "NONE"),
    groupId: input.groupId,
    vaultId: input.vaultId,
    createdFrom: input.createdFrom ? new Date(input.createdFrom) : undefined,
    createdTo: input.createdTo
      ? /^\d{4}-\d{2}-\d{2}$/.test(input.createdTo)
        ? { at: new Date(new Date(input.createdTo).getTime() + DAY_MS), inclusive: false }
        : { at: new Date(input.createdTo), inclusive: true }
      : undefined,
    words: (input.text ?? "")
      .toLocaleLowerCase("en")
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => word.replace(/[\\%_]/g, (character) => `\\${character}`)),
    sortBy: input.sortBy,
    sortDirection: input.sortDirection,
    pageNumber: input.pageNumber,
    pageSize: input.pageSize,
  };
  return readPackagePage(db(), page, columns);
}

const cases: Case[] = [];
const sorts = ["createdAt", "lastUpdatedAt", "name", "status", "shortId"] as const;
for (const sortBy of sorts)
  for (const sortDirection of ["asc", "desc"] as const)
    for (const [pageNumber, pageSize] of [
      [1, 10],
      [2, 7],
      [9, 10],
    ] as const)
      cases.push({ visible: [0, 1, 2], sortBy, sortDirection, pageNumber, pageSize });
const filters: Omit<Case, "visible">[] = [
  {},
  { status: ["STARTED"] },
  { status: ["STARTED", "COMPLETED", "STARTED"] },
  { status: ["NONE"] },
  { groupId: "G2" },
  { groupId: "G4" },
  { vaultId: "vault-1" },
  { createdFrom: "2026-01-12" },
  { createdTo: "2026-01-12" },
  { createdFrom: "2026-01-11", createdTo: "2026-01-13T05:00:00.000Z" },
  { text: "ada" },
  { text: "ALPHA family1" },
  { text: "delta_100%" },
  { text: "a_" },
  { status: ["CANCELLED"], groupId: "G2", text: "loan" },
  { status: ["AVAILABLE_TO_SIGNERS"], vaultId: "vault-1", createdTo: "2026-01-30" },
];
for (const visible of [[0], [0, 1, 2], [1, 3], [], [0, 1, 2, 3]])
  for (const filter of filters) cases.push({ visible, ...filter, sortBy: "name", sortDirection: "asc", pageSize: 8 });

/** group names in the cases stand for the seeded groups' ids */
const resolved = (query: Case): Case =>
  query.groupId ? { ...query, groupId: groups[Number(query.groupId.slice(1)) - 1]! } : query;

describe("readPackagePage answers what the Prisma path answered", () => {
  it(`in ${cases.length} cases of visibility, filters, sort and pages`, async () => {
    let nonEmpty = 0;
    for (const raw of cases) {
      const query = resolved(raw);
      const [expected, actual] = await Promise.all([throughPrisma(query), throughStatement(query)]);
      expect({ query: raw, ...actual }).toEqual({ query: raw, ...expected });
      // the workspace reads only its columns: the same rows, cut to them
      const narrow = await throughStatement(query, WORKSPACE_COLUMNS);
      const cut = (row: (typeof expected.rows)[number]) =>
        Object.fromEntries(
          [...WORKSPACE_COLUMNS, "groups", "participants"].map((key) => [key, row[key as keyof typeof row]]),
        );
      expect(narrow).toEqual({ rows: expected.rows.map(cut), count: expected.count });
      if (actual.rows.length > 0) nonEmpty += 1;
    }
    // the cases must exercise non-empty pages, not agree on nothing
    expect(nonEmpty).toBeGreaterThan(cases.length / 2);
  });
});

// The package view (get-package, and what changes a package answers) reads a summary of the
// participants in SQL instead of the participants: it must answer what toPackage answered from them.

/** A package of the organization with these participants (in this order of creation), shared with G1. */
async function packageWith(
  name: string,
  avEsign: boolean,
  participants: { accessMethod: ParticipantAccessMethod; orderSequence: number; avHost?: boolean }[],
) {
  const created = await db().package.create({
    data: {
      organizationId,
      shortId: `V${name}`,
      name,
      avEsign,
      groups: { create: [{ groupId: groups[0]!, organizationId }] },
    },
  });
  // distinct creation times: they order participants who share an orderSequence
  await db().participant.createMany({
    data: participants.map((participant, index) => ({
      organizationId,
      packageId: created.id,
      type: "SIGNER",
      roleNumber: index + 1,
      email: `v${index}@example.com`,
      createdAt: new Date(BASE + index * 1000),
      ...participant,
    })),
  });
  return created.id;
}

const METHODS: ParticipantAccessMethod[] = ["EMAIL", "SMS", "API"];

describe("readPackageViewRow answers the package view the participants' read answered", () => {
  it("for every package (many participants, every mix of access methods, A/V hosts) and nothing for another organization's", async () => {
    // two hosts: the one created first (n 57) signs after the other (n 101), who shares an
    // orderSequence with a participant created before it
    const many = await packageWith(
      "many",
      true,
      Array.from({ length: 150 }, (_, n) => ({
        accessMethod: METHODS[n % 3]!,
        orderSequence: 150 - Math.floor(n / 2),
        avHost: n === 101 || n === 57,
      })),
    );
    await packageWith("sms and api", true, [
      { accessMethod: "SMS", orderSequence: 1 },
      { accessMethod: "API", orderSequence: 2, avHost: true },
    ]);
    await packageWith("sms only, no A/V", false, [
      { accessMethod: "SMS", orderSequence: 2, avHost: true },
      { accessMethod: "SMS", orderSequence: 1 },
    ]);
    await packageWith("api only, two hosts", true, [
      { accessMethod: "API", orderSequence: 3, avHost: true },
      { accessMethod: "API", orderSequence: 2, avHost: true },
    ]);
    await packageWith("email among sms", true, [
      { accessMethod: "SMS", orderSequence: 1 },
      { accessMethod: "EMAIL", orderSequence: 1 },
    ]);
    await packageWith("nobody", true, []);

    const access = {
      organizationId,
      canManage: (groupIds: readonly string[]) => groupIds.includes(groups[1]!),
      canManageTemplates: false,
    } as unknown as PackageAccess;
    const trid = await readTridContext(db(), organizationId);
    const packages = await db().package.findMany({ where: { organizationId }, select: { id: true } });
    expect(packages.length).toBeGreaterThan(50);
    const summaries = new Set<string>();
    for (const { id } of packages) {
      const read = await db().package.findFirst({ where: { id, organizationId }, include: packageViewInclude });
      const expected = toPackage(read!, access, trid);
      const row = await readPackageViewRow(db(), organizationId, id);
      // the participants stay in the database: only their summary is read
      expect(row).not.toHaveProperty("participants");
      expect(row).not.toHaveProperty("searchText");
      const actual = toPackageView(row, id, access, trid);
      expect(actual).toEqual(expected);
      summaries.add(`${expected.contactSummary} ${expected.avHost === null ? "no host" : "host"}`);
      if (id === many) expect(actual).toMatchObject({ participantCount: 150, contactSummary: "EMAIL" });
    }
    // the cases must reach every contact summary, with and without a host
    expect([...summaries].sort()).toEqual(
      ["EMAIL host", "EMAIL no host", "IN-PERSON host", "NO-EMAIL host", "NONE no host", "SMS no host"].sort(),
    );
    const other = await buildOrganization(db(), { name: "Other Org" });
    expect(await readPackageViewRow(db(), other.id, packages[0]!.id)).toBeNull();
  });
});
