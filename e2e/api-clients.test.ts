import { fillPath, routes, routeUrl } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectToast } from "./support/access-helpers.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { axeViolations, describeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { screenshot } from "./support/screenshots.ts";

// Issue 12 §1: an admin creates an API user and a client in Access control, copies the secret shown
// once, and the secret buys a working bearer token; revoking it stops that token at once.
describe("API clients in Access control", () => {
  let app: TestApp;
  let admin: BrowserSession;

  beforeAll(async () => {
    app = await startTestApp();
    admin = await launchBrowser({ baseURL: app.url, bypassCSP: true });
    await admin.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.url });
  });
  afterAll(async () => {
    await admin?.close();
    await app?.close();
  });

  const token = (clientId: string, secret: string) =>
    fetch(`${app.url}/cas/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "client_credentials", client_id: clientId, client_secret: secret }),
    });

  it("creates an API user and client, the copied secret gets a token that works, and revoking stops it", async () => {
    const { page } = admin;
    const orgId = app.demo.organizations.customer;
    const packages = `${app.url}${fillPath(routeUrl(routes.listPackages), { orgId })}`;

    await page.goto("/sign-in");
    await signIn(page, app.users.admin, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Administration" }).click();
    await page.getByRole("menuitem", { name: "Access control" }).click();
    await page.getByRole("tab", { name: "API clients" }).click();
    await page.waitForURL((url) => url.pathname === `/organizations/${orgId}/api-clients`);
    await page.getByText("No API users yet").waitFor();

    // An API user placed like a person: a group and a role of that group.
    await page.getByRole("button", { name: "Add API user" }).click();
    const userDialog = page.getByRole("dialog", { name: "Add API user" });
    await userDialog.getByLabel("Name").fill("Loan origination");
    // Escape would close the dialog itself, so a click on its title closes an open list instead
    for (const [label, option] of [
      ["Group", "Org Admin / Loan Officers"],
      ["Roles", "Loan Officer"],
    ] as const) {
      // the MultiSelect's input sits inside its pills box, which takes the click and opens the list
      await userDialog.getByRole("combobox", { name: label, exact: true }).click({ force: true });
      await page.getByRole("option", { name: option }).click();
      await userDialog.getByRole("heading", { name: "Add API user" }).click();
    }
    await userDialog.getByRole("button", { name: "Add API user" }).click();
    await expectToast(page, "API user Loan origination added.");
    // the toast leaves by itself; the accessibility checks below look at this screen, not at toasts
    await page.getByRole("alert").filter({ hasText: "API user Loan origination added." }).waitFor({ state: "hidden" });
    const card = page.getByRole("region", { name: "API user Loan origination" });
    await card.getByText("Loan Officers: Loan Officer").waitFor();

    // A client: its id and secret are shown once, with a warning, in copyable fields.
    await card.getByRole("button", { name: "Add client" }).click();
    const clientDialog = page.getByRole("dialog", { name: "Add a client to Loan origination" });
    await clientDialog.getByLabel("Client name").fill("Production");
    const nextYear = new Date().getFullYear() + 1;
    await clientDialog.getByLabel("Secret expires").fill(`${nextYear}-06-30`);
    await clientDialog.getByRole("button", { name: "Create client" }).click();
    const reveal = page.getByRole("dialog", { name: "Copy the client secret now" });
    await reveal.getByText("It will not be shown again").waitFor();
    const clientId = await reveal.getByLabel("Client ID", { exact: true }).inputValue();
    const shown = await reveal.getByLabel("Client secret of Production", { exact: true }).inputValue();
    expect(clientId).toMatch(/^sgc_/);
    expect(shown).toMatch(/^sgs_/);
    await reveal.getByRole("button", { name: "Copy Client secret of Production" }).click();
    await reveal.getByRole("button", { name: "Client secret of Production copied" }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(shown);
    await screenshot(page, "api-client-secret-shown-once");
    const revealViolations = await axeViolations(page);
    expect(revealViolations, describeViolations(revealViolations)).toEqual([]);
    await reveal.getByRole("button", { name: "I have stored the secret" }).click();
    await reveal.waitFor({ state: "hidden" });

    // The copied secret works against the token endpoint, and the token on an organization route.
    const issued = await token(clientId, copied);
    expect(issued.status).toBe(200);
    const { access_token } = (await issued.json()) as { access_token: string };
    const listed = await fetch(packages, { headers: { authorization: `Bearer ${access_token}` } });
    expect(listed.status).toBe(200);

    // The list shows the secret by its prefix only, with its use recorded.
    const client = card.getByRole("article", { name: "Client Production" });
    await page.reload();
    await client.getByText(clientId).waitFor();
    expect(await page.getByText(shown).count()).toBe(0);
    await client.getByRole("cell", { name: new RegExp(`Jun 30, ${nextYear}`) }).waitFor();
    const listViolations = await axeViolations(page);
    expect(listViolations, describeViolations(listViolations)).toEqual([]);
    await screenshot(page, "api-clients-list");

    // Revoke: the token stops working at once, and so does the secret.
    await client.getByRole("button", { name: /^Revoke secret sgs_/ }).click();
    const confirm = page.getByRole("dialog", { name: "Revoke secret" });
    await confirm.getByRole("button", { name: "Revoke" }).click();
    await expectToast(page, "Secret revoked.");
    await client.getByText("Revoked").waitFor();
    expect((await fetch(packages, { headers: { authorization: `Bearer ${access_token}` } })).status).toBe(401);
    expect((await token(clientId, copied)).status).toBe(401);
    expect(admin.errors).toEqual([]);
  });
});
