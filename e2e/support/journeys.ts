import type { Page } from "playwright-core";

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
