import { readdir } from "node:fs/promises";
import { sep } from "node:path";
import { fileURLToPath } from "node:url";
import { fillPath, routes, routeUrl } from "@signet/contract";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTINGS_PAGE_IDS } from "../apps/web/src/features/settings/settings-pages.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { type AxeViolation, axeViolations, describeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn, signInAs } from "./support/journeys.ts";
import { adminClient, buildPackage } from "./support/signing-helpers.ts";

// UX.md "Accessibility", issue 33 §7: axe-core finds no serious or critical WCAG 2.1 AA violation on
// any page of the admin app: every route in apps/web/src/routes is opened (ROUTE_FILES below lists
// them, and a route file added later fails the walk until it is listed), as the administrator, the
// loan officer (package permissions only) and the support user, on a desktop and on a phone.

/**
 * The route files this walk does not open, each with the reason: layouts and redirects show no page
 * of their own, and the rest need a token, a half-finished sign-in or a record that the named
 * journey makes; this walk does not check those pages.
 */
const NOT_WALKED: Record<string, string> = {
  "$.tsx": "an unknown path redirects to sign-in",
  "__root.tsx": "layout",
  "_auth.tsx": "layout",
  "_support.tsx": "layout",
  "_auth/reports.tsx": "layout of the report pages",
  "_auth/import-export.tsx": "layout of export and import",
  "_auth/organizations/$organizationId.tsx": "layout of the organization's access pages",
  "_auth/reports/index.tsx": "redirects to the package report",
  "_auth/import-export/index.tsx": "redirects to export",
  "index.tsx": "redirects to the workspace or sign-in",
  "_auth/bulk-send/$bulkSendId.tsx": "needs a bulk send: e2e/bulk-send.test.ts",
  "_support/saml-providers/$samlProviderId.tsx": "needs a SAML provider: e2e/saml-sign-in.test.ts",
  "change-password.tsx": "needs expired credentials",
  "create-password.tsx": "needs a password-reset link",
  "join.tsx": "needs an invitation link: e2e/membership-request.test.ts",
  "link-account.tsx": "needs a pending single sign-on link: e2e/oidc-sign-in.test.ts",
  "select-organization.tsx": "needs a multi-organization sign-in: e2e/multi-organization.test.ts",
  "mfa-enrolment.tsx": "needs an organization that requires a second factor: e2e/mfa.test.ts",
  "notification-summary.tsx": "needs a signed summary link: e2e/email-templates.test.ts",
  "notification-report.tsx": "needs a signed summary link: e2e/email-templates.test.ts",
  "dev/mailbox.tsx": "development only",
};

/** The route files the walks below open. */
const WALKED = [
  "_auth/workspace.tsx",
  "_auth/packages/$packageId/index.tsx",
  "_auth/packages/$packageId/build.tsx",
  "_auth/bulk-send/index.tsx",
  "_auth/reports/package.tsx",
  "_auth/reports/mailing.tsx",
  "_auth/settings.tsx",
  "_auth/settings_/document-templates/index.tsx",
  "_auth/settings_/document-templates/$templateId.tsx",
  "_auth/settings_/package-templates/index.tsx",
  "_auth/settings_/package-templates/$templateId.tsx",
  "_auth/settings_/email-templates/index.tsx",
  "_auth/settings_/email-templates/$templateId.tsx",
  "_auth/settings_/identity-providers/index.tsx",
  "_auth/settings_/notary-profile/index.tsx",
  "_auth/settings_/webhooks/index.tsx",
  "_auth/settings_/webhooks/new.tsx",
  "_auth/settings_/webhooks/$webhookId/edit.tsx",
  "_auth/settings_/webhooks/$webhookId/deliveries.tsx",
  "_auth/organizations/index.tsx",
  "_auth/organizations/new.tsx",
  "_auth/organizations/$organizationId/index.tsx",
  "_auth/organizations/$organizationId/edit.tsx",
  "_auth/organizations/$organizationId/users/index.tsx",
  "_auth/organizations/$organizationId/users/new.tsx",
  "_auth/organizations/$organizationId/users/$userId/profile.tsx",
  "_auth/organizations/$organizationId/groups/index.tsx",
  "_auth/organizations/$organizationId/groups/new/index.tsx",
  "_auth/organizations/$organizationId/groups/new/$parentGroupId.tsx",
  "_auth/organizations/$organizationId/groups/$groupId/edit.tsx",
  "_auth/organizations/$organizationId/groups/$groupId/members.tsx",
  "_auth/organizations/$organizationId/roles/index.tsx",
  "_auth/organizations/$organizationId/roles/new.tsx",
  "_auth/organizations/$organizationId/roles/$roleId/edit.tsx",
  "_auth/organizations/$organizationId/api-clients/index.tsx",
  "_auth/import-export/export.tsx",
  "_auth/import-export/import.tsx",
  "_auth/embedded-signing-demo.tsx",
  "_auth/package-collaboration.tsx",
  "_auth/buildInfo.tsx",
  "_support/operations.tsx",
  "_support/notifications.tsx",
  "_support/saml-providers/index.tsx",
  "_support/saml-providers/new.tsx",
  "sign-in.tsx",
  "sign-up.tsx",
  "forgot-password.tsx",
  "unauthorized.tsx",
  "forbidden.tsx",
  "systemError.tsx",
  "serviceError.tsx",
];

const ROUTES_DIR = fileURLToPath(new URL("../apps/web/src/routes/", import.meta.url));

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Waits for the page's heading and for its data to arrive (no request left in flight). */
async function settled(page: Page, heading?: string | RegExp) {
  await page
    .getByRole("heading", { level: 1, ...(heading ? { name: heading } : {}) })
    .first()
    .waitFor();
  await page.waitForLoadState("networkidle");
  await page.locator('[aria-busy="true"]').first().waitFor({ state: "detached" });
}

function report(found: Record<string, AxeViolation[]>): string {
  return Object.entries(found)
    .filter(([, violations]) => violations.length > 0)
    .map(([name, violations]) => `${name}:\n${describeViolations(violations)}`)
    .join("\n\n");
}

describe("admin app accessibility (axe-core)", () => {
  let app: TestApp;
  let browser: BrowserSession;
  let ids: Record<string, string>;

  beforeAll(async () => {
    app = await startTestApp();
    browser = await launchBrowser({ baseURL: app.url, viewport: DESKTOP, bypassCSP: true });
    const client = await adminClient(app);
    const orgId = app.demo.organizations.customer;
    const at = (route: Parameters<typeof routeUrl>[0], params: Record<string, string> = {}) =>
      fillPath(routeUrl(route), { orgId, ...params });
    const sent = await buildPackage(app, client, {
      name: "Accessible purchase",
      send: true,
      participants: [{ type: "Borrower", givenName: "Ada", familyName: "Stone", email: "ada.a11y@example.com" }],
    });
    const draft = await buildPackage(app, client, {
      name: "Accessible draft",
      participants: [{ type: "Borrower", givenName: "Ben", familyName: "Stone", email: "ben.a11y@example.com" }],
    });
    const documentTemplate = await client.request<{ id: string }>("POST", at(routes.listDocumentTemplates), {
      json: { name: "Deed of trust" },
    });
    const packageTemplate = await client.request<{ id: string }>("POST", at(routes.listPackageTemplates), {
      json: { name: "Refinance" },
    });
    const webhook = await client.request<{ id: string }>("POST", at(routes.listWebhooks), {
      json: { url: "https://hooks.example.com/signet", eventTypes: ["package.sent"] },
    });
    const emailTemplate = await client.request<{ id: string }>("POST", at(routes.listEmailTemplates), {
      json: {
        kind: "invitation",
        name: "Warm invitation",
        contents: {
          en: {
            subject: "Your documents",
            body: '<p>{{package.name}} is ready: <a href="{{signingLink}}">sign</a>.</p>',
          },
        },
      },
    });
    for (const created of [documentTemplate, packageTemplate, webhook, emailTemplate]) expect(created.status).toBe(201);
    const db = app.server.db;
    const admin = await db.user.findFirstOrThrow({ where: { email: app.users.admin } });
    const group = await db.group.findFirstOrThrow({ where: { organizationId: orgId, name: "Loan Officers" } });
    const role = await db.role.findFirstOrThrow({ where: { organizationId: orgId, name: "Loan Officer" } });
    ids = {
      orgId,
      sent: sent.pkg.id,
      draft: draft.pkg.id,
      documentTemplate: documentTemplate.body.id,
      packageTemplate: packageTemplate.body.id,
      webhook: webhook.body.id,
      userId: admin.id,
      groupId: group.id,
      roleId: role.id,
      emailTemplate: emailTemplate.body.id,
    };
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** Every page the administrator opens: [name, path, the h1 it shows]. */
  const adminPages = (): [string, string, string | RegExp | undefined][] => {
    const org = `/organizations/${ids.orgId}`;
    return [
      ["workspace", "/workspace", "Workspace"],
      ["package", `/packages/${ids.sent}`, "Accessible purchase"],
      ["package not found", "/packages/not-a-package", "This package was not found"],
      ...[1, 2, 3, 4].map(
        (step) =>
          [`builder step ${step}`, `/packages/${ids.draft}/build?step=${step}`, undefined] as [
            string,
            string,
            undefined,
          ],
      ),
      ["bulk send", "/bulk-send", "Bulk send"],
      ["package report", "/reports/package", "Reports"],
      ["mailing report", "/reports/mailing", "Reports"],
      ...SETTINGS_PAGE_IDS.map(
        (id) => [`settings: ${id}`, `/settings?page=${id}`, "Settings"] as [string, string, string],
      ),
      ["document templates", "/settings/document-templates", undefined],
      ["document template", `/settings/document-templates/${ids.documentTemplate}`, undefined],
      ["package templates", "/settings/package-templates", undefined],
      ["package template", `/settings/package-templates/${ids.packageTemplate}`, undefined],
      ["email templates", "/settings/email-templates", undefined],
      ["identity providers", "/settings/identity-providers", undefined],
      ["notary profile", "/settings/notary-profile", undefined],
      ["webhooks", "/settings/webhooks", undefined],
      ["new webhook", "/settings/webhooks/new", undefined],
      ["webhook", `/settings/webhooks/${ids.webhook}/edit`, undefined],
      ["webhook deliveries", `/settings/webhooks/${ids.webhook}/deliveries`, undefined],
      ["organizations", "/organizations", undefined],
      ["organization", org, undefined],
      ["organization edit", `${org}/edit`, undefined],
      ["users", `${org}/users`, undefined],
      ["new user", `${org}/users/new`, undefined],
      ["user profile", `${org}/users/${ids.userId}/profile`, undefined],
      ["groups", `${org}/groups`, undefined],
      ["new group", `${org}/groups/new`, undefined],
      ["new sub-group", `${org}/groups/new/${ids.groupId}`, undefined],
      ["group edit", `${org}/groups/${ids.groupId}/edit`, undefined],
      ["group members", `${org}/groups/${ids.groupId}/members`, undefined],
      ["roles", `${org}/roles`, undefined],
      ["new role", `${org}/roles/new`, undefined],
      ["role edit", `${org}/roles/${ids.roleId}/edit`, undefined],
      ["API clients", `${org}/api-clients`, undefined],
      ["export", "/import-export/export", undefined],
      ["import", "/import-export/import", undefined],
      ["embedded signing demo", "/embedded-signing-demo", undefined],
      ["package collaboration demo", "/package-collaboration", undefined],
      ["refused page", "/forbidden", "You don't have permission to open this page"],
      ["system error", "/systemError", undefined],
      ["service error", "/serviceError", undefined],
      ["email template", `/settings/email-templates/${ids.emailTemplate}`, undefined],
    ];
  };

  async function walk(page: Page, pages: [string, string, string | RegExp | undefined][]) {
    const found: Record<string, AxeViolation[]> = {};
    for (const [name, path, heading] of pages) {
      await page.goto(`${app.url}${path}`);
      try {
        await settled(page, heading);
      } catch (error) {
        // a page that never shows its heading is reported with the others, not as a bare timeout
        found[name] = [{ id: "page-not-shown", impact: "critical", help: String(error).slice(0, 300), nodes: [] }];
        continue;
      }
      found[name] = await axeViolations(page);
    }
    return found;
  }

  it("walks every route file of the web app, or says why not", async () => {
    const files = (await readdir(ROUTES_DIR, { recursive: true }))
      .filter((file) => file.endsWith(".tsx"))
      .map((file) => file.split(sep).join("/"))
      .sort();
    expect(files).toEqual([...WALKED, ...Object.keys(NOT_WALKED)].sort());
  });

  it("has no serious or critical violation on any page, signed out or as the administrator", async () => {
    const { page } = browser;
    const found: Record<string, AxeViolation[]> = {};
    for (const [name, path] of [
      ["sign-in", "/sign-in"],
      ["forgot password", "/forgot-password"],
      ["sign-up", "/sign-up"],
      ["unauthorized", "/unauthorized"],
    ] as const) {
      await page.goto(`${app.url}${path}`);
      await settled(page);
      found[name] = await axeViolations(page);
    }
    await page.goto(`${app.url}/sign-in`);
    await signIn(page, app.users.admin, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    Object.assign(found, await walk(page, adminPages()));
    expect(report(found), report(found)).toBe("");
  }, 600_000);

  it("has none as the loan officer and as the support user", async () => {
    const { page } = browser;
    await browser.context.clearCookies();
    await signInAs(page, app.users.member);
    const found = await walk(page, [
      ["member: workspace", "/workspace", "Workspace"],
      ["member: reports refused", "/reports/package", /permission to open Reports/],
      ["member: settings refused", "/settings", /permission to open Settings/],
      ["member: access control refused", `/organizations/${ids.orgId}/users`, /permission to open Access control/],
      ["member: support page refused", "/operations", /permission to open this page/],
    ]);
    await browser.context.clearCookies();
    await signInAs(page, app.users.support);
    Object.assign(
      found,
      await walk(page, [
        ["support: organizations", "/organizations", undefined],
        ["support: new organization", "/organizations/new", undefined],
        ["support: services and queues", "/operations", "Services and queues"],
        ["support: notifications", "/notifications", undefined],
        ["support: SAML providers", "/saml-providers", undefined],
        ["support: new SAML provider", "/saml-providers/new", undefined],
        ["support: build info", "/buildInfo", undefined],
        ["support: customer workspace", `/organizations/${ids.orgId}/users`, undefined],
      ]),
    );
    expect(report(found), report(found)).toBe("");
  }, 300_000);

  it("has none on a phone", async () => {
    const phone = await launchBrowser({ baseURL: app.url, viewport: PHONE, bypassCSP: true });
    try {
      await signInAs(phone.page, app.users.admin);
      const found = await walk(phone.page, [
        ["phone: workspace", "/workspace", "Workspace"],
        ["phone: package", `/packages/${ids.sent}`, "Accessible purchase"],
        ["phone: builder", `/packages/${ids.draft}/build?step=1`, undefined],
        ["phone: settings", "/settings?page=branding", "Settings"],
        ["phone: users", `/organizations/${ids.orgId}/users`, undefined],
        ["phone: groups", `/organizations/${ids.orgId}/groups`, undefined],
        ["phone: package report", "/reports/package", "Reports"],
      ]);
      expect(report(found), report(found)).toBe("");
    } finally {
      await phone.close();
    }
  }, 300_000);
});
