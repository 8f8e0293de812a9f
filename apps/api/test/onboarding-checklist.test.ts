import { fillPath, type OnboardingChecklist, type OnboardingStepId, routes, routeUrl } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addParticipant, createPackage, memberOfNewGroup, OFFICER, packageOrg } from "./support/package-fixtures.ts";
import { call, templatePaths } from "./support/template-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 33 §5: a new organization's administrator gets a checklist of first steps, each ticked from
// the organization's own data; only administrators may read it (another organization's id: the
// tenancy walk in tenancy.test.ts).

let app: TestApp;
const db = () => app.server.db;

beforeAll(async () => {
  app = await startTestApp({ LOGIN_RATE_LIMIT_MAX: "100000" });
});
afterAll(async () => {
  await app?.close();
});

const checklistPath = (orgId: string) => fillPath(routeUrl(routes.getOnboardingChecklist), { orgId });
const doneSteps = (checklist: OnboardingChecklist) =>
  checklist.steps.filter((step) => step.done).map((step) => step.id);

describe("the new organization checklist", () => {
  it("starts with nothing done and ticks each step as the organization's data shows it", async () => {
    const p = await packageOrg(db(), app.url);
    const orgId = p.org.organizationId;
    const read = async () => {
      const reply = await p.admin.get<OnboardingChecklist>(checklistPath(orgId));
      expect(reply.status).toBe(200);
      return reply.body;
    };
    const first = await read();
    expect(first.steps.map((step) => step.id)).toEqual<OnboardingStepId[]>([
      "branding",
      "consent",
      "people",
      "template",
      "testPackage",
    ]);
    expect([doneSteps(first), first.allDone]).toEqual([[], false]);

    // a colour that is the default is not branding; one of its own is
    await db().organizationSetting.create({ data: { organizationId: orgId, key: "primary_color", value: "#1c7ed6" } });
    expect(doneSteps(await read())).toEqual([]);
    await db().organizationSetting.update({
      where: { organizationId_key: { organizationId: orgId, key: "primary_color" } },
      data: { value: "#0b5394" },
    });
    expect(doneSteps(await read())).toEqual(["branding"]);

    await db().organizationSetting.create({
      data: { organizationId: orgId, key: "esign_consent_type", value: "DEFAULT" },
    });
    const officer = await memberOfNewGroup(p.org, app.url, OFFICER);
    const template = await call(p.admin, "POST", templatePaths(orgId).packageTemplates, { name: "Refinance" });
    expect(template.status).toBe(201);
    expect(doneSteps(await read())).toEqual(["branding", "consent", "people", "template"]);

    // a package sent to someone else is not the test package; one sent to the admin's own address is
    const paths = p.paths;
    for (const email of ["borrower@example.com", p.org.admin.email.toUpperCase()]) {
      const pkg = await createPackage(p.admin, paths);
      await addParticipant(p.admin, paths, pkg.id, {
        type: "Borrower",
        givenName: "Test",
        familyName: "Signer",
        email,
      });
      expect(doneSteps(await read())).not.toContain("testPackage");
      await db().package.update({ where: { id: pkg.id }, data: { sentAt: new Date() } });
    }
    const last = await read();
    expect([doneSteps(last), last.allDone]).toEqual([
      ["branding", "consent", "people", "template", "testPackage"],
      true,
    ]);

    // administrators only: a loan officer is refused
    expect((await officer.client.get(checklistPath(orgId))).status).toBe(403);
  });
});
