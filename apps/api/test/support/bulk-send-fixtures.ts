import {
  fillPath,
  HEADERS,
  type PackageTemplate,
  type Participant,
  type RouteDef,
  routes,
  routeUrl,
  type Tag,
} from "@signet/contract";
import type { Db } from "@signet/core";
import { fixturePdf, upload } from "./document-upload.ts";
import type { HttpClient } from "./http-client.ts";
import { memberOfNewGroup, OFFICER, packageOrg } from "./package-fixtures.ts";
import { call, ok, tagAt, templatePaths } from "./template-fixtures.ts";

export function bulkPaths(orgId: string) {
  const at = (route: RouteDef, params: Record<string, string> = {}) => fillPath(routeUrl(route), { orgId, ...params });
  return {
    start: (templateId: string) => at(routes.startBulkSend, { templateId }),
    check: (templateId: string) => at(routes.checkBulkSend, { templateId }),
    list: (templateId: string) => at(routes.listBulkSends, { templateId }),
    csvTemplate: (templateId: string) => at(routes.bulkSendCsvTemplate, { templateId }),
    one: (bulkSendId: string) => at(routes.getBulkSend, { bulkSendId }),
    rows: (bulkSendId: string) => at(routes.listBulkSendRows, { bulkSendId }),
    cancel: (bulkSendId: string) => at(routes.cancelBulkSend, { bulkSendId }),
  };
}

/** A CSV upload in the part named 'file', as the web app sends it. */
export async function uploadCsv(client: HttpClient, path: string, text: string | Uint8Array, fileName = "people.csv") {
  const form = new FormData();
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "text/csv" }), fileName);
  const headers: Record<string, string> = { cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ") };
  const csrf = client.jar.get(client.csrfCookie);
  if (csrf) headers[HEADERS.csrf] = csrf;
  const response = await fetch(`${client.baseUrl}${path}`, { method: "POST", headers, body: form });
  const body = (await response.json()) as Record<string, unknown>;
  return { status: response.status, headers: response.headers, body };
}

/**
 * An organization with an active package template (BORROWER 1 and BORROWER 2, both signing by
 * email, one real PDF with a signature tag each) shared with the officer's group.
 */
export async function setup(db: Db, baseUrl: string) {
  const context = await packageOrg(db, baseUrl);
  const officer = await memberOfNewGroup(context.org, baseUrl, OFFICER);
  const t = templatePaths(context.org.organizationId);
  let template = await ok(
    call<PackageTemplate>(context.admin, "POST", t.packageTemplates, {
      name: "Refinance",
      groupIds: [officer.group.id],
    }),
    201,
    "create package template",
  );
  const packageId = template.packageId;
  const borrowers: Participant[] = [];
  for (let i = 0; i < 2; i++) {
    borrowers.push(
      await ok(call<Participant>(context.admin, "POST", t.participants(packageId), { type: "Borrower" }), 201, "slot"),
    );
  }
  const uploaded = await upload(context.admin, t.documents(packageId), fixturePdf("pdflatex-4-pages.pdf"), {
    fileName: "Note.pdf",
  });
  if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
  for (const [index, borrower] of borrowers.entries()) {
    await ok(
      call<Tag>(
        context.admin,
        "POST",
        t.documentTags(packageId, uploaded.body.id),
        tagAt(borrower.id, "SIGNATURE", 600 + index * 60),
      ),
      201,
      "signature tag",
    );
  }
  template = await ok(
    call<PackageTemplate>(context.admin, "POST", t.activatePackageTemplate(template.id), { version: template.version }),
    200,
    "activate",
  );
  return { ...context, officer, template, t, b: bulkPaths(context.org.organizationId) };
}

export const HEADER =
  "BORROWER 1 first name,BORROWER 1 last name,BORROWER 1 email,borrower 2 FIRST NAME,Borrower 2 Last Name,BORROWER 2 email,package name";
export const row = (n: number, extra: Partial<Record<"email1" | "last2", string>> = {}) =>
  `Ada${n},Okafor,${extra.email1 ?? `ada${n}@example.com`},Ben${n},${extra.last2 ?? "Okafor"},ben${n}@example.com,Loan ${n}`;
/** Five rows: line 3 has a bad email, line 5 no last name for BORROWER 2. */
export const FIVE_ROWS = [
  HEADER,
  row(1),
  row(2, { email1: "ada2-at-example" }),
  row(3),
  row(4, { last2: "" }),
  row(5),
].join("\r\n");
