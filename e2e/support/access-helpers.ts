import { mailboxSchema } from "@signet/contract";
import type { Page } from "playwright-core";
import type { TestApp } from "./app.ts";

type MailboxMessage = ReturnType<typeof mailboxSchema.parse>[number];

/**
 * Waits for an email in the embedded dev mailbox (the app runs without SMTP in the journeys, so mail
 * is kept and listed by GET /api/v1/dev/mailbox). Mail leaves through the outbox: poll.
 */
export async function waitForMail(
  app: TestApp,
  match: {
    to: string;
    subject: RegExp /** 1-based: the n-th such mail in the order sent (default: the newest) */;
    nth?: number;
  },
  timeoutMs = 20_000,
): Promise<MailboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${app.url}/api/v1/dev/mailbox`);
    if (!response.ok) throw new Error(`dev mailbox answered ${response.status}`);
    const messages = mailboxSchema.parse(await response.json());
    // the mailbox lists newest first: without nth the newest match, with nth the n-th sent
    const matching = messages.filter(
      (m) => m.to.toLowerCase() === match.to.toLowerCase() && match.subject.test(m.subject),
    );
    const found = match.nth === undefined ? matching[0] : matching.reverse()[match.nth - 1];
    if (found) return found;
    if (Date.now() > deadline) {
      throw new Error(
        `no mail to ${match.to} matching ${match.subject} (mailbox: ${messages.map((m) => `${m.to}: ${m.subject}`).join("; ")})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The path and query of the first link to `path` in a mail's text, e.g. /sign-up?invitation=…&token=…. */
export function linkIn(text: string, path: string): string {
  const match = text.match(new RegExp(`https?://[^\\s]+${path.replace(/[/?]/g, "\\$&")}[^\\s]*`));
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

/** The six-digit verification code in a mail's text. */
export function codeIn(text: string): string {
  const match = text.match(/\b(\d{6})\b/);
  if (!match?.[1]) throw new Error(`no six-digit code in:\n${text}`);
  return match[1];
}

/** Waits for the Success toast with this text (spec §2: toasts last 6 seconds). */
export async function expectToast(page: Page, text: string): Promise<void> {
  try {
    await page.getByRole("alert").filter({ hasText: text }).first().waitFor();
  } catch (error) {
    // say what the page showed instead (an error toast names why), not only that it timed out
    const shown = await page
      .getByRole("alert")
      .allInnerTexts()
      .catch(() => []);
    throw new Error(`no toast "${text}"; the page showed: ${JSON.stringify(shown)}`, { cause: error });
  }
}

/** Picks an option of a Mantine Select/MultiSelect by its label. */
export async function pickOption(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option }).click();
  await page.keyboard.press("Escape");
}

/** Calls the API with the page's cookies, as the app would (the anti-forgery cookie copied into its header). */
export async function apiAsPage(
  page: Page,
  app: TestApp,
  method: "PUT" | "POST" | "PATCH" | "DELETE",
  path: string,
  body: unknown,
): Promise<{ status: number; body: { code?: string; message?: string } }> {
  const config = (await (await fetch(`${app.url}/api/v1/public-config`)).json()) as { csrfCookie: string };
  const csrf = (await page.context().cookies()).find((c) => c.name === config.csrfCookie)?.value ?? "";
  const response = await page.request.fetch(`${app.url}${path}`, {
    method,
    headers: { "content-type": "application/json", "x-xsrf-token": csrf, "x-eo-response-format": "cookie" },
    data: JSON.stringify(body),
  });
  return { status: response.status(), body: (await response.json().catch(() => ({}))) as { message?: string } };
}
