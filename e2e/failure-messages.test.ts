import { CONNECTION_TEXTS, MESSAGES } from "@signet/contract";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn, signInAs } from "./support/journeys.ts";

// Issue 36 §4: spec §8's messages for failures a browser meets — a connection that fails, the
// sign-in service failing, the service down — each provoked where the spec says it shows. The
// failures are made in the browser's network layer (a cut connection, an answer in the server's
// place); the API itself keeps running.
describe("messages for failures the browser meets (spec §8)", () => {
  let app: TestApp;
  let browser: BrowserSession;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    browser = await launchBrowser({ baseURL: app.url });
  });
  afterEach(async () => {
    await browser?.close();
  });

  it("a sign-in whose connection fails says 'Unable to connect to the server…'", async () => {
    const { page } = browser;
    await page.route("**/cas/oauth/token", (route) => route.abort("connectionfailed"));
    await page.goto("/sign-in");
    await signIn(page, app.users.admin, DEMO_PASSWORD);
    await page.getByText(MESSAGES.network, { exact: true }).waitFor();
  });

  it("a sign-in the service fails to answer says 'Internal service error...'", async () => {
    const { page } = browser;
    await page.route("**/cas/oauth/token", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ code: "INTERNAL", message: MESSAGES.internal, status: 500, traceId: "t-1" }),
      }),
    );
    await page.goto("/sign-in");
    await signIn(page, app.users.admin, DEMO_PASSWORD);
    await page.getByText(MESSAGES.internalService, { exact: true }).waitFor();
  });

  it("a service that is down shows 'We have encountered a problem.'", async () => {
    const { page } = browser;
    await signInAs(page, app.users.admin);
    await page.route("**/workspace-packages**", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({
          code: "SERVICE_UNAVAILABLE",
          message: MESSAGES.serviceDown,
          status: 503,
          traceId: "t-2",
        }),
      }),
    );
    await page.goto("/");
    await page.getByText(MESSAGES.serviceDownTitle, { exact: true }).waitFor();
  });

  it("a dropped connection keeps the page and its header, says so, and goes on when it is back", async () => {
    const { page, context } = browser;
    await signInAs(page, app.users.admin);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();

    await context.setOffline(true);
    await page.getByRole("status").filter({ hasText: CONNECTION_TEXTS.offlineTitle }).waitFor();
    // a page opened meanwhile waits for the connection: the header stays, nothing says "Something went wrong!"
    await page.getByRole("button", { name: "Administration" }).click();
    await page.getByRole("menuitem", { name: "Reports" }).click();
    await page.getByRole("button", { name: "Administration" }).waitFor();
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    expect(await page.getByText(MESSAGES.somethingWrong, { exact: true }).count()).toBe(0);

    await context.setOffline(false);
    await page.getByRole("heading", { name: "Reports", level: 1 }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole("status").filter({ hasText: CONNECTION_TEXTS.offlineTitle }).count()).toBe(0);
  });
});
