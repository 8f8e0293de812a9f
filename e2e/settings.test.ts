import { type CustomFieldList, type PackageSettings, SETTINGS_TOASTS } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectToast } from "./support/access-helpers.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { readAsPage } from "./support/package-helpers.ts";
import { screenshot } from "./support/screenshots.ts";

// Issue 4 §2, §5, §6: an administrator sets the package settings and defines a custom field; a
// new package offers the organization's participant types and takes a value of the field.

describe("settings used by packages", () => {
  let app: TestApp;
  let browser: BrowserSession;

  beforeAll(async () => {
    app = await startTestApp();
    browser = await launchBrowser({ baseURL: app.url, viewport: { width: 1440, height: 1000 } });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("defines a custom field and a participant type, then uses both in the builder", async () => {
    const { page } = browser;
    await page.goto("/sign-in");
    await signIn(page, app.users.admin, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();

    await page.goto("/settings");
    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    const types = page.getByPlaceholder("Add a type and press Enter");
    await types.click();
    await types.fill("Appraiser");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Escape");
    // the time zone is chosen by name from the spec's list (searchable), stored as its IANA name
    const timeZone = page.getByRole("combobox", { name: "Time zone", exact: true });
    await timeZone.click();
    await timeZone.fill("centr");
    await page.getByRole("option", { name: "Central (Chicago)" }).click();
    expect(await timeZone.inputValue()).toBe("Central (Chicago)");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expectToast(page, SETTINGS_TOASTS.organization);

    await page.getByRole("tab", { name: "Custom fields" }).click();
    await page.getByRole("textbox", { name: "Name" }).fill("Loan number");
    await page.getByRole("textbox", { name: "Key" }).fill("loanNumber");
    await page.getByLabel("Required").check();
    await page.getByRole("button", { name: "Add custom field" }).click();
    await expectToast(page, "Custom field saved.");
    await page.getByRole("table", { name: "Custom fields" }).getByText("loanNumber").waitFor();
    await screenshot(page, "settings-custom-fields");

    // the API holds both
    const demo = { id: app.demo.organizations.customer };
    const settings = await readAsPage<PackageSettings>(page, app, `/api/v1/organizations/${demo.id}/settings/packages`);
    expect(settings.participant_types).toContain("Appraiser");
    expect(settings.timezone).toBe("America/Chicago");
    const fields = await readAsPage<CustomFieldList>(page, app, `/api/v1/organizations/${demo.id}/custom-fields`);
    expect(fields.records.map((field) => [field.customFieldId, field.required])).toEqual([["loanNumber", true]]);

    // a new package: the type is offered, the custom field takes a value
    await page.goto("/workspace");
    await page.getByRole("button", { name: "New package" }).click();
    await page.waitForURL(/\/build\?step=1$/);
    const form = page.getByRole("form", { name: "Add participant" });
    await form.getByLabel("Type").fill("Appr");
    await page.getByRole("option", { name: "Appraiser" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("textbox", { name: "Loan number" }).waitFor();
    await screenshot(page, "builder-custom-fields");
    expect(browser.errors).toEqual([]);
  });
});
