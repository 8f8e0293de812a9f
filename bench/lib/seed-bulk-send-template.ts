import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { ALL_PERMISSIONS, fillPath, type RouteDef, routes, routeUrl } from "@signet/contract";
import { buildGroup, buildOrganization, buildRole, buildUser, type Db, grantRoles } from "@signet/core";
import { signIn } from "./sign-in.ts";

const PDF = fileURLToPath(new URL("../../fixtures/pdfs/minimal-document.pdf", import.meta.url));
/** the template's one slot: its CSV columns are "BORROWER 1 first name", "BORROWER 1 last name", "BORROWER 1 email" (Borrower: of the default participant types) */
export const SLOT = { type: "Borrower", roleNumber: 1 } as const;

export interface BulkSendOrganization {
  organizationId: string;
  templateId: string;
  /** a bearer token of the organization's administrator, who may bulk send from the template */
  token: string;
  /** an API path of the organization, filled in */
  path(route: RouteDef, params?: Record<string, string>): string;
}

/** A JSON call with the bearer token; throws unless it answers `status`. */
export async function callApi<T>(
  apiUrl: string,
  token: string,
  method: string,
  path: string,
  status: number,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (response.status !== status)
    throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * An organization of its own with an administrator (every permission in its one group), and, made
 * through the API as an administrator would, an active package template of one signer slot (signing
 * by email) with a one-page PDF and a signature tag: what the bulk send and the hand-made baseline
 * both create packages from.
 */
export async function seedBulkSendTemplate(db: Db, apiUrl: string, name: string): Promise<BulkSendOrganization> {
  const { id: organizationId } = await buildOrganization(db, { name });
  const role = await buildRole(db, { organizationId, name: "Administrator", permissions: ALL_PERMISSIONS });
  const group = await buildGroup(db, { organizationId, name: "Head Office", parentId: null });
  const credentials = {
    email: `admin-${organizationId}@bench.signet.local`,
    password: `Bench-${randomBytes(6).toString("hex")}-Pw1`,
  };
  const user = await buildUser(db, {
    email: credentials.email,
    givenName: "Bench",
    familyName: "Administrator",
    homeOrganizationId: organizationId,
    password: credentials.password,
  });
  await grantRoles(db, { organizationId, groupId: group.id, userId: user.id, roleIds: [role.id] });
  const token = await signIn(apiUrl, credentials);
  const path = (route: RouteDef, params: Record<string, string> = {}) =>
    fillPath(routeUrl(route), { orgId: organizationId, ...params });
  const call = <T>(method: string, at: string, status: number, body?: unknown) =>
    callApi<T>(apiUrl, token, method, at, status, body);

  const template = await call<{ id: string; packageId: string }>("POST", path(routes.listPackageTemplates), 201, {
    name: "Bench agreement",
    groupIds: [group.id],
  });
  const packageId = template.packageId;
  const slot = await call<{ id: string }>("POST", path(routes.listParticipants, { packageId }), 201, {
    type: SLOT.type,
  });
  const form = new FormData();
  form.append("contents", new Blob([await readFile(PDF)], { type: "application/pdf" }), "Agreement.pdf");
  const uploaded = await fetch(`${apiUrl}${path(routes.listDocuments, { packageId })}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (uploaded.status !== 201) throw new Error(`document upload answered ${uploaded.status}: ${await uploaded.text()}`);
  const document = (await uploaded.json()) as { id: string };
  await call("POST", path(routes.listDocumentTags, { packageId, documentId: document.id }), 201, {
    participantId: slot.id,
    type: "SIGNATURE",
    page: 1,
    x: 72,
    y: 600,
    width: 160,
    height: 24,
  });
  const { version } = await call<{ version: number }>(
    "GET",
    path(routes.getPackageTemplate, { templateId: template.id }),
    200,
  );
  await call("POST", path(routes.activatePackageTemplate, { templateId: template.id }), 200, { version });
  return { organizationId, templateId: template.id, token, path };
}
