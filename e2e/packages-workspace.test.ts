import {
  fillPath,
  PACKAGE_ACTION_MESSAGES,
  PACKAGE_MESSAGES,
  type Package,
  type RouteDef,
  routes,
  routeUrl,
} from "@signet/contract";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAsPage, expectToast } from "./support/access-helpers.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { screenshot } from "./support/screenshots.ts";

// Issue 4: the workspace (status tiles, filters kept in the URL, paging) and the package detail
// page's lifecycle actions (cancel with notification, reactivate, delete with confirmation).

const LONG_NAME = "Refinance of the lakeside property with three co-borrowers and a trust";

describe("packages workspace and detail", () => {
  let app: TestApp;
  let browser: BrowserSession;
  let orgId: string;

  beforeAll(async () => {
    app = await startTestApp();
    browser = await launchBrowser({ baseURL: app.url, viewport: { width: 1440, height: 1000 } });
    orgId = app.demo.organizations.customer;
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** A route's URL from the contract (versions differ per route). */
  const url = (route: RouteDef, packageId?: string) =>
    fillPath(routeUrl(route), packageId ? { orgId, packageId } : { orgId });

  async function createPackage(page: Page, name: string): Promise<Package> {
    const created = await apiAsPage(page, app, "POST", url(routes.createPackage), { name });
    expect(created.status, `${name}: ${JSON.stringify(created.body)}`).toBe(201);
    return created.body as unknown as Package;
  }

  async function readPackage(page: Page, id: string) {
    return page.request.get(`${app.url}${url(routes.getPackage, id)}`);
  }

  /** Rows of the packages table, header left out. */
  const dataRows = (page: Page) => page.getByRole("table", { name: "Packages" }).locator("tbody tr");

  it("filters, pages, and runs cancel, reactivate and delete from the UI", async () => {
    const { page } = browser;
    await page.goto("/sign-in");
    await signIn(page, app.users.admin, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();

    // 11 batch packages, one with a long name, one to cancel through the API: 13 = two pages of 10
    for (let n = 1; n <= 11; n++) await createPackage(page, `Batch ${String(n).padStart(2, "0")}`);
    await createPackage(page, LONG_NAME);
    const harbor = await createPackage(page, "Harbor refinance");
    const cancelled = await apiAsPage(page, app, "PUT", url(routes.cancelPackage, harbor.id), {
      version: harbor.version,
      notify: false,
    });
    expect(cancelled.status).toBe(200);

    await page.reload();
    const table = page.getByRole("table", { name: "Packages" });
    await expect.poll(() => page.getByTestId("count-STARTED").textContent()).toBe("12");
    await expect.poll(() => page.getByTestId("count-CANCELLED").textContent()).toBe("1");
    await expect.poll(() => dataRows(page).count()).toBe(10);

    // spec §9: names over 40 characters are cut with an ellipsis, the whole name in a tooltip
    const longLink = table.getByRole("link", { name: /^Refinance of the lakeside property with…$/ });
    await longLink.waitFor();
    await longLink.hover();
    await page.getByRole("tooltip", { name: LONG_NAME }).waitFor();

    // paging: the second page holds the other 3, and the page is in the URL
    await page.getByRole("button", { name: "2", exact: true }).click();
    await page.waitForURL(/[?&]page=2/);
    await expect.poll(() => dataRows(page).count()).toBe(3);

    // the Cancelled tile filters by status; the filter survives a reload
    await page.getByRole("button", { name: /Cancelled/ }).click();
    await page.waitForURL(/status=[^&]*CANCELLED/);
    expect(page.url()).not.toMatch(/page=2/);
    await table.getByRole("link", { name: "Harbor refinance" }).waitFor();
    await expect.poll(() => dataRows(page).count()).toBe(1);
    await page.reload();
    await table.getByRole("link", { name: "Harbor refinance" }).waitFor();
    await expect.poll(() => dataRows(page).count()).toBe(1);
    await page.getByRole("button", { name: /Cancelled/ }).click();
    await expect.poll(() => dataRows(page).count()).toBe(10);

    // the status filter offers the sender's words, while the URL keeps the API's value
    await page.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Cancelled", exact: true }).click();
    await page.waitForURL(/status=[^&]*CANCELLED/);
    await expect.poll(() => dataRows(page).count()).toBe(1);
    await page.getByRole("option", { name: "Cancelled", exact: true }).click();
    await page.getByRole("option", { name: "Draft", exact: true }).click();
    await page.waitForURL(/status=[^&]*STARTED/);
    expect(page.url()).not.toMatch(/CANCELLED/);
    // the unfiltered list showed Harbor refinance first; the Draft filter leaves it out
    await expect.poll(() => table.getByRole("link", { name: "Harbor refinance" }).count()).toBe(0);
    await table.getByRole("link", { name: "Batch 11" }).waitFor();
    expect(await table.getByText("Draft", { exact: true }).count()).toBe(10);
    expect(await table.getByText("STARTED").count()).toBe(0);
    // no participants yet: the contact column says so in words, not the API's NONE
    expect(await table.getByText("No participants", { exact: true }).count()).toBe(10);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: /Draft/ }).click();
    await page.waitForURL((u) => !u.search.includes("status="));

    // the text search is debounced into the URL and finds one package
    await page.getByLabel("Search packages").fill("batch 07");
    await page.waitForURL(/text=batch/);
    await expect.poll(() => dataRows(page).count()).toBe(1);
    await page.getByLabel("Search packages").fill("nothing-by-this-name");
    await page.getByText("No package matches these filters.").waitFor();
    await page.getByLabel("Search packages").fill("batch 07");
    await screenshot(page, "workspace-filtered");

    // the detail page
    await table.getByRole("link", { name: "Batch 07" }).click();
    await page.waitForURL(/\/packages\/[0-9a-f-]+$/);
    await page.getByRole("heading", { name: "Batch 07", level: 1 }).waitFor();
    await page.getByRole("table", { name: "Participants" }).waitFor();
    await page.getByRole("table", { name: "Documents" }).waitFor();
    await page.getByText("Audit trail verified").waitFor();
    const history = page.getByLabel("History");
    await history.getByText("Package created").waitFor();

    // cancel, notifying participants (the checkbox is on by default)
    await page.getByRole("button", { name: "Cancel package" }).click();
    const cancelDialog = page.getByRole("dialog", { name: "Cancel package" });
    const notify = cancelDialog.getByRole("checkbox", { name: PACKAGE_ACTION_MESSAGES.notifyParticipantsLabel });
    expect(await notify.isChecked()).toBe(true);
    await cancelDialog.getByRole("button", { name: "Cancel package" }).click();
    await expectToast(page, "Package cancelled.");
    await history.getByText("Package cancelled").waitFor();
    await history.getByText(/participants notified/).waitFor();
    await page.getByText("Cancelled", { exact: true }).first().waitFor();

    // reactivate: back to Draft (it had no expiration, so no date is required)
    await page.getByRole("button", { name: "Reactivate" }).click();
    const reactivateDialog = page.getByRole("dialog", { name: "Reactivate package" });
    await reactivateDialog.getByRole("button", { name: "Reactivate" }).click();
    await expectToast(page, "Package reactivated.");
    await history.getByText("Package reactivated").waitFor();
    await page.getByRole("button", { name: "Edit" }).waitFor();
    await page.getByText("Draft", { exact: true }).first().waitFor();
    await screenshot(page, "package-detail");

    // a change made elsewhere meanwhile: the stale action answers 'Version not matched.' and the page refetches
    const batch07Id = page.url().split("/").pop() as string;
    const current = (await (await readPackage(page, batch07Id)).json()) as Package;
    const elsewhere = await apiAsPage(page, app, "PUT", url(routes.cancelPackage, batch07Id), {
      version: current.version,
      notify: false,
    });
    expect(elsewhere.status).toBe(200);
    await page.getByRole("button", { name: "Cancel package" }).click();
    await cancelDialog.getByRole("button", { name: "Cancel package" }).click();
    await expectToast(page, "Version not matched.");
    await cancelDialog.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Reactivate" }).waitFor();
    await page.getByRole("button", { name: "Cancel package" }).waitFor({ state: "detached" });

    // back (history keeps the filter), then delete a package from its row with the confirmation
    await page.goBack();
    await page.waitForURL(/\/workspace\?.*text=batch/);
    expect(await page.getByLabel("Search packages").inputValue()).toBe("batch 07");
    await page.getByLabel("Search packages").fill("batch 03");
    await table.getByRole("link", { name: "Batch 03" }).waitFor();
    const batch03Id = (await table.getByRole("link", { name: "Batch 03" }).getAttribute("href"))?.split("/").pop();
    await page.getByRole("button", { name: "Actions for Batch 03" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: PACKAGE_MESSAGES.deletePackageTitle });
    await confirm.getByText(PACKAGE_MESSAGES.deletePackageConfirm).waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, PACKAGE_MESSAGES.packageDeleted);
    await page.getByText("No package matches these filters.").waitFor();
    expect((await readPackage(page, batch03Id as string)).status()).toBe(404);
    // 12 started, less Batch 07 (cancelled elsewhere) and the deleted one
    await expect.poll(() => page.getByTestId("count-STARTED").textContent()).toBe("10");
    await expect.poll(() => page.getByTestId("count-CANCELLED").textContent()).toBe("2");
    // the browser logs the one provoked conflict; nothing else may fail
    expect(browser.errors).toEqual([
      "console: Failed to load resource: the server responded with a status of 409 (Conflict)",
    ]);
  });
});
