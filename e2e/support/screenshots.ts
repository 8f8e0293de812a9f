import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";

// Kept out of git (test-results/ is ignored); look at them after a run.
const DIR = fileURLToPath(new URL("../../test-results/e2e/", import.meta.url));

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(DIR, { recursive: true });
  const path = `${DIR}${name}.png`;
  await page.screenshot({ path });
  return path;
}
