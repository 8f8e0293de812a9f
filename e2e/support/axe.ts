import { createRequire } from "node:module";
import type { Frame, Page } from "playwright-core";
import { expect } from "vitest";

// axe-core in the page under test (UX.md: no serious or critical WCAG 2.1 AA violation on the
// pages of the main journeys). The script is read from the package and injected as text: launch the
// browser with `bypassCSP`, since our pages' Content-Security-Policy forbids inline scripts.

const require = createRequire(import.meta.url);
const axeSource: string = (require("axe-core") as { source: string }).source;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

/** The serious and critical WCAG 2.0/2.1 A and AA violations on the page as it is now. */
export async function axeViolations(page: Page | Frame): Promise<AxeViolation[]> {
  await animationsSettled(page);
  const injected = await page.evaluate(() => typeof (window as { axe?: unknown }).axe !== "undefined");
  if (!injected) await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({
        target: node.target,
        html: node.html.slice(0, 300),
        failureSummary: node.failureSummary,
      })),
    }));
  });
  return violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
}

/**
 * Waits for the page's finite CSS transitions and animations to end. A dialog fading in is half
 * transparent, and axe would measure the contrast of its text blended with the overlay behind it.
 * Spinners loop forever and are left alone; the wait is bounded so a stuck transition cannot hang a test.
 */
async function animationsSettled(page: Page | Frame): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    const bounded = new Promise((resolve) => setTimeout(resolve, 2000));
    await Promise.race([Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))), bounded]);
  });
}

/** A readable list of violations, for an assertion message. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help}\n${violation.nodes
          .slice(0, 5)
          .map(
            (node) =>
              `  ${JSON.stringify(node.target)} ${node.html}\n    ${node.failureSummary?.replace(/\s+/g, " ") ?? ""}`,
          )
          .join("\n")}`,
    )
    .join("\n");
}

/** Fails the test, listing them, if the page has any serious or critical violation. */
export async function expectNoAxeViolations(page: Page | Frame): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}
