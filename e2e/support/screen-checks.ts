import type { Page } from "playwright-core";
import { expect } from "vitest";
import { axeViolations, describeViolations } from "./axe.ts";
import { screenshot } from "./screenshots.ts";

/**
 * The check every new screen of a journey passes (UX.md): it is saved as `<prefix>-<name>` for a
 * person to look at, it fits its viewport (no sideways scrolling, which on a phone is the first
 * thing to break), and axe finds no serious or critical violation.
 */
export function screenChecker(prefix: string): (page: Page, name: string) => Promise<void> {
  return async (page, name) => {
    await screenshot(page, `${prefix}-${name}`);
    const scroll = await page.evaluate(() => ({
      width: document.scrollingElement!.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(scroll.width, `${name}: horizontal scrolling`).toBeLessThanOrEqual(scroll.viewport);
    const violations = await axeViolations(page);
    expect(violations, `${name}: axe\n${describeViolations(violations)}`).toEqual([]);
  };
}
