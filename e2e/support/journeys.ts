import type { Page } from "playwright-core";
import { expect } from "vitest";
import { DEMO_PASSWORD } from "./app.ts";

/** Signs in through the form, as a user would. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole("heading", { name: "Sign in to Signet" }).waitFor();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** The path and query of the page's current URL. */
export function currentPath(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** Opens the sign-in page, signs in as a seeded user and waits to be let in. */
export async function signInAs(page: Page, email: string): Promise<void> {
  await page.goto("/sign-in");
  await signIn(page, email, DEMO_PASSWORD);
  await page.waitForURL((url) => url.pathname !== "/sign-in");
}

/** Fails the test if the page scrolls sideways (UX.md: every screen fits a phone). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
