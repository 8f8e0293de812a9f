import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { currentPath, signIn } from "./support/journeys.ts";
import { screenshot } from "./support/screenshots.ts";

// Journey 3: the Session expiry modal with a short idle timeout; unknown paths go to sign-in.
describe("session expiry", () => {
  let app: TestApp;
  let browser: BrowserSession;

  beforeAll(async () => {
    app = await startTestApp({ SESSION_IDLE_TIMEOUT_SECONDS: "8", SESSION_COUNTDOWN_SECONDS: "4" });
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

  it("warns before the idle timeout, can be continued, and logs out at zero", async () => {
    const { page, context } = browser;
    await page.goto("/sign-in?returnUrl=%2Fsettings");
    await signIn(page, app.users.admin, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();

    // spec §2 quotes the title with a capital E: 'Session Expiry'
    const modal = page.getByRole("dialog", { name: "Session Expiry", exact: true });
    await modal.waitFor({ timeout: 10_000 });
    expect(await modal.textContent()).toMatch(/Your session will expire in\s*0:0[1-4]/);
    await screenshot(page, "session-expiry-modal");

    // Not dismissable: no close button, Escape and outside clicks leave it open.
    expect(await modal.getByRole("button").allInnerTexts()).toEqual(["Log out", "Stay logged in"]);
    await page.keyboard.press("Escape");
    await page.mouse.click(10, 400);
    expect(await modal.isVisible()).toBe(true);

    await modal.getByRole("button", { name: "Stay logged in" }).click();
    await modal.waitFor({ state: "hidden" });
    expect(currentPath(page)).toBe("/settings");

    // Left alone, it comes back and signs out when the countdown ends.
    await modal.waitFor({ timeout: 10_000 });
    await page.waitForURL((url) => url.pathname === "/sign-in", { timeout: 10_000 });
    expect(currentPath(page)).toBe("/sign-in?returnUrl=%2Fsettings");
    expect((await context.cookies()).map((c) => c.name)).not.toContain("signet_payload");
    await modal.waitFor({ state: "hidden" });
  });

  it("an unknown path redirects to sign-in with the path as returnUrl", async () => {
    const { page } = browser;
    await page.goto("/no/such/page?x=1");
    await page.waitForURL((url) => url.pathname === "/sign-in");
    expect(currentPath(page)).toBe("/sign-in?returnUrl=%2Fno%2Fsuch%2Fpage%3Fx%3D1");
    await page.goto("/");
    await page.waitForURL((url) => url.pathname === "/sign-in");
    expect(currentPath(page)).toBe("/sign-in");
  });
});
