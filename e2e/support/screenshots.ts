import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";

// Kept out of git (test-results/ is ignored); look at them after a run.
const DIR = fileURLToPath(new URL("../../test-results/e2e/", import.meta.url));
// The pictures in docs/guide/packages.md: written only by `pnpm screenshots`, which sets this variable, so that a
// test run never changes tracked files.
const README_DIR = fileURLToPath(new URL("../../docs/screenshots/", import.meta.url));

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(DIR, { recursive: true });
  const path = `${DIR}${name}.png`;
  await page.screenshot({ path });
  return path;
}

/** A screenshot the package guide shows; also kept with the test results like any other. */
export async function readmeScreenshot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  if (process.env.SIGNET_README_SCREENSHOTS !== "1") return;
  await mkdir(README_DIR, { recursive: true });
  await page.screenshot({ path: `${README_DIR}${name}.png` });
}
