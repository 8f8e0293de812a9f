import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { TestApp } from "./app.ts";

/** The real-world PDFs of fixtures/pdfs in this repository (made by other tools), as a directory path with a trailing slash. */
export const FIXTURE_PDFS = fileURLToPath(new URL("../../fixtures/pdfs/", import.meta.url));

/** GET through the page's session (its cookies), as the app reads; the answer must be 200. */
export async function readAsPage<T>(page: Page, app: TestApp, path: string): Promise<T> {
  const response = await page.request.get(`${app.url}${path}`);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}
