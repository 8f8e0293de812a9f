import { federalHolidays, HOLIDAY_MESSAGES, type HolidayList, holidayRoutes, routeUrl } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { HttpClient } from "./support/http-client.ts";
import { memberOfNewGroup, packageOrg } from "./support/package-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 13 §7, spec §7 'Holidays (dates query)', DOMAIN.md §5: the federal holidays of a year or a
// range with their legal and observed dates; any signed-in user may ask; bad dates answer 400.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
});
afterAll(() => app?.close());

const path = routeUrl(holidayRoutes.listHolidays);

describe("GET holidays", () => {
  it("answers a year's eleven holidays with legal and observed dates (DOMAIN.md §5)", async () => {
    const { admin } = await packageOrg(app.server.db, app.url);
    const reply = await admin.get<HolidayList>(`${path}?dates=2026`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ from: "2026-01-01", to: "2026-12-31", count: 11 });
    expect(reply.body.records).toContainEqual({
      name: "Independence Day",
      legalDate: "2026-07-04",
      observedDate: "2026-07-03",
    });
    expect(reply.body.records).toContainEqual({
      name: "Veterans Day",
      legalDate: "2026-11-11",
      observedDate: "2026-11-11",
    });
    expect(reply.body.records).toEqual(federalHolidays(2026));
  });

  it("answers a range, including a holiday only observed in it (New Year's Day 2028 observed on 31 Dec 2027)", async () => {
    const { admin } = await packageOrg(app.server.db, app.url);
    const reply = await admin.get<HolidayList>(`${path}?from=2027-12-20&to=2027-12-31`);
    expect(reply.status).toBe(200);
    expect(reply.body.records).toEqual([
      { name: "Christmas Day", legalDate: "2027-12-25", observedDate: "2027-12-24" },
      { name: "New Year's Day", legalDate: "2028-01-01", observedDate: "2027-12-31" },
    ]);
    const interval = await admin.get<HolidayList>(`${path}?dates=2027-12-20/2027-12-31`);
    expect(interval.body.records).toEqual(reply.body.records);
    // a member without any permission reads them too: they are the same for everyone
    const { org } = await packageOrg(app.server.db, app.url);
    const plain = await memberOfNewGroup(org, app.url, []);
    expect((await plain.client.get(`${path}?dates=2026`)).status).toBe(200);
  });

  it("refuses bad dates with the reason, and answers 401 without a session", async () => {
    const { admin } = await packageOrg(app.server.db, app.url);
    const cases: [string, string][] = [
      ["dates=twenty", HOLIDAY_MESSAGES.badDates],
      ["dates=2026-02-30/2026-03-31", HOLIDAY_MESSAGES.badDates],
      ["from=2026-01-01", HOLIDAY_MESSAGES.fromWithoutTo],
      ["from=2026-12-31&to=2026-01-01", HOLIDAY_MESSAGES.reversed],
      ["from=2000-01-01&to=2030-12-31", HOLIDAY_MESSAGES.tooLong],
      ["dates=2026&from=2026-01-01&to=2026-02-01", HOLIDAY_MESSAGES.bothForms],
      ["dates=1900", HOLIDAY_MESSAGES.yearOutOfRange],
    ];
    for (const [query, message] of cases) {
      const reply = await admin.get(`${path}?${query}`);
      expect(reply.status, query).toBe(400);
      expect(JSON.stringify(reply.body), query).toContain(message);
    }
    expect((await new HttpClient(app.url).get(`${path}?dates=2026`)).status).toBe(401);
  });
});
