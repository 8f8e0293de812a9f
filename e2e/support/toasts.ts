import type { Page } from "playwright-core";

/**
 * Waits for the toast with this text, then closes it with its close button and waits until it is
 * gone: the next toast is unambiguous and axe looks at the page, without waiting out the 6 seconds a
 * toast stays by itself (spec §2).
 */
export async function dismissToast(page: Page, text: string): Promise<void> {
  const toast = page.getByRole("alert").filter({ hasText: text }).first();
  await toast.waitFor();
  await toast.getByRole("button", { name: "Dismiss notification" }).click();
  await toast.waitFor({ state: "hidden" });
}
