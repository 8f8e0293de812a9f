import { createHash, randomUUID } from "node:crypto";
import { HEADERS, type Participant, type SigningUrl, type Tag } from "@signet/contract";
import type { Db } from "@signet/core";
import { newGroup, newRole, newUser, organizationWithAdmin, signedIn, userWithRoles } from "./access-fixtures.ts";
import { fixturePdf, upload } from "./document-upload.ts";
import type { HttpClient } from "./http-client.ts";
import { addParticipant, createPackage, packagePaths } from "./package-fixtures.ts";
import { packageApi, SigningClient, signEverything, TINY_PNG } from "./signing-fixtures.ts";
import { cookieHeader } from "./signing-room-helpers.ts";
import { publishedDocumentTemplate, templatePaths } from "./template-fixtures.ts";

// The fuzz suite's world (issue 29 §2): one organization holding one object of every kind, built
// through the API where the API builds it and as rows where only a flow outside this suite would
// (an identity provider's callback, a print vendor, a recorded A/V session). Its ids are what the
// walk puts in each path parameter, so that every route is fuzzed past its lookups.

/**
 * Path parameters still given a fresh id, each with why: the walk reports them, and the suite fails
 * when this list and what it really fakes differ.
 */
export const FAKE_IDS: Record<string, string> = {};

/** A path parameter by the segment before it, e.g. `document-templates/:templateId`: the same name means another kind elsewhere. */
export const paramKey = (url: string, param: string) => {
  const segments = url.split("/");
  const at = segments.indexOf(`:${param}`);
  return `${segments[at - 1]}/:${param}`;
};

/** The ids of one package's objects, and of everything organization-wide. */
export type IdSet = Record<string, string>;

export interface FuzzWorld {
  orgId: string;
  adminEmail: string;
  admin: HttpClient;
  /** a signing session of the sent package's API signer */
  room: SigningClient;
  /** opens a new signing session when a case ended the current one */
  reopenRoom(): Promise<SigningClient>;
  /** the packages by status, each with its own objects and the organization's */
  variants: Record<"draft" | "sent" | "completed" | "cancelled", IdSet>;
}

type Reply<T> = { status: number; body: T };

async function ok<T>(reply: Promise<Reply<T>> | Reply<T>, what: string, status = 201): Promise<T> {
  const answered = await reply;
  if (answered.status !== status) throw new Error(`${what}: ${answered.status} ${JSON.stringify(answered.body)}`);
  return answered.body;
}

const sha = (text: string) => createHash("sha256").update(text).digest("hex");
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

/** A package with one API-access signer, one real PDF and a signature tag, not sent. */
async function buildPackage(admin: HttpClient, orgId: string, name: string) {
  const paths = packagePaths(orgId);
  const pkg = await createPackage(admin, paths, { name });
  const api = packageApi(orgId, pkg.id);
  const signer = await addParticipant(admin, paths, pkg.id, {
    type: "Borrower",
    givenName: "Ada",
    familyName: "Okafor",
    email: `ada-${randomUUID().slice(0, 6)}@example.com`,
    accessMethod: "API",
  });
  const uploaded = await upload(admin, api.documents, fixturePdf("minimal-document.pdf"), {
    fileName: "note.pdf",
    properties: { name: "Promissory note", executionType: "E_SIGN" },
  });
  const document = await ok(uploaded, "upload");
  const tag = await ok(
    admin.request<Tag>("POST", api.documentTags(document.id), {
      json: { participantId: signer.id, type: "SIGNATURE", page: 1, x: 72, y: 500, width: 160, height: 36 },
    }),
    "tag",
  );
  return { pkg, api, signer, document, tag };
}

async function send(admin: HttpClient, db: Db, built: Awaited<ReturnType<typeof buildPackage>>) {
  const { version } = await db.package.findUniqueOrThrow({ where: { id: built.pkg.id }, select: { version: true } });
  await ok(admin.request("POST", built.api.send, { json: { version } }), "send", 200);
}

/** A signing session of an API participant, opened from a signing URL as an integrator would. */
async function openSession(admin: HttpClient, signingUrl: string, built: Awaited<ReturnType<typeof buildPackage>>) {
  const url = await ok(
    admin.request<SigningUrl>("POST", built.api.signingUrl(built.signer.id), { json: {} }),
    "signing url",
  );
  const client = new SigningClient(signingUrl);
  const token = decodeURIComponent(new URL(url.signingURL).pathname.split("/").pop()!);
  await ok(client.request("POST", "/api/v1/signing/sessions", { json: { token } }), "open");
  return client;
}

async function waitFor<T>(what: string, read: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const found = await read();
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not appear`);
}

/** Builds the world in a fresh organization of `db`, through the API at `apiUrl` and `signingUrl`. */
export async function seedFuzzWorld(db: Db, apiUrl: string, signingUrl: string): Promise<FuzzWorld> {
  const org = await organizationWithAdmin(db);
  const orgId = org.organizationId;
  await db.organization.update({ where: { id: orgId }, data: { enabledClosingCenter: true } });
  const admin = await signedIn(apiUrl, org.admin.email);
  const v1 = `/api/v1/organizations/${orgId}`;
  const post = <T = { id: string }>(path: string, json: unknown, what: string) =>
    ok(admin.request<T>("POST", path, { json }), what);

  // ---- people and access ----
  const role = await newRole(org, ["VIEW_DOCUMENTS_PACKAGES", "MANAGE_DOCUMENTS_PACKAGES"], { name: "Loan officer" });
  const group = await newGroup(org, { name: "East", roleIds: [role.id] });
  const member = await userWithRoles(org, group.id, [role.id]);
  const signUp = await db.userInvitation.create({
    data: {
      organizationId: orgId,
      email: "newcomer@example.com",
      givenName: "New",
      familyName: "Comer",
      tokenHash: sha(randomUUID()),
      expiresAt: inDays(7),
      invitedById: org.admin.id,
      groupId: group.id,
      roleIds: [role.id],
    },
  });
  // an invitation of the signed-in admin into another organization: theirs to accept or decline
  const otherOrg = await organizationWithAdmin(db);
  const membership = await db.userInvitation.create({
    data: {
      organizationId: otherOrg.organizationId,
      email: org.admin.email,
      givenName: "Test",
      familyName: "Admin",
      tokenHash: sha(randomUUID()),
      kind: "MEMBERSHIP",
      expiresAt: inDays(7),
      invitedById: otherOrg.admin.id,
      userId: org.admin.id,
      groupId: otherOrg.adminGroup.id,
      roleIds: [otherOrg.adminRole.id],
    },
  });
  const passwordReset = await db.passwordResetRequest.create({
    data: { userId: member.id, tokenHash: sha(randomUUID()), expiresAt: inDays(1) },
  });

  // ---- single sign-on ----
  const provider = await db.identityProvider.create({
    data: {
      organizationId: orgId,
      name: "Bank SSO",
      issuer: "https://sso.bank.example",
      clientId: "signet",
      clientSecretEncrypted: "not-a-secret",
    },
  });
  const saml = await db.samlProvider.create({
    data: {
      name: "Bank SAML",
      idpEntityId: "https://idp.bank.example/saml",
      ssoUrl: "https://idp.bank.example/saml/sso",
      certificates: [],
      emailAttribute: "email",
      givenNameAttribute: "givenName",
      familyNameAttribute: "sn",
      organizations: { create: { organizationId: orgId } },
    },
  });
  const link = await db.identityLink.create({
    data: {
      userId: org.admin.id,
      providerKind: "OIDC",
      providerId: provider.id,
      subject: "admin-subject",
      linkedBy: "SIGN_IN",
    },
  });
  const linkRequest = await db.identityLinkRequest.create({
    data: {
      userId: org.admin.id,
      organizationId: orgId,
      providerKind: "OIDC",
      providerId: provider.id,
      providerName: provider.name,
      subject: "other-subject",
      tokenHash: sha(randomUUID()),
      expiresAt: inDays(1),
    },
  });

  // ---- organization settings ----
  const packageField = await post(
    `${v1}/custom-fields`,
    { customFieldId: "loanNumber", name: "Loan number", dataType: "TEXT" },
    "custom field",
  );
  const documentField = await post(
    `${v1}/custom-fields`,
    { customFieldId: "docCode", name: "Document code", scope: "DOCUMENT" },
    "document custom field",
  );
  const emailTemplate = await post(
    `${v1}/email-templates`,
    {
      kind: "invitation",
      name: "Friendly invitation",
      contents: {
        en: { subject: "Please sign {{package.name}}", body: "<p>Please sign {{package.name}}: {{signingLink}}</p>" },
      },
    },
    "email template",
  );
  const notification = await post<{ uid: string }>(
    `${v1}/email-notifications`,
    { name: "Compliance desk", events: ["PACKAGE_COMPLETED"], addresses: ["compliance@bank.example"] },
    "email notification",
  );
  await post(`${v1}/metaData`, [{ settingName: "timezone", value: "America/Chicago" }], "setting");
  const setting = await db.organizationSetting.findFirstOrThrow({ where: { organizationId: orgId, key: "timezone" } });
  const logoForm = new FormData();
  logoForm.append(
    "contents",
    new Blob([new Uint8Array(Buffer.from(TINY_PNG.split(",")[1]!, "base64"))], { type: "image/png" }),
    "logo.png",
  );
  const logo = await fetch(`${apiUrl}${v1}/logo`, {
    method: "POST",
    headers: { cookie: cookieHeader(admin), [HEADERS.csrf]: admin.jar.get(admin.csrfCookie) ?? "" },
    body: logoForm,
  });
  if (logo.status !== 201) throw new Error(`logo: ${logo.status} ${await logo.text()}`);
  const logoFile = await db.organizationSetting.findFirstOrThrow({
    where: { organizationId: orgId, key: "default_logo" },
  });
  const watermark = await post(`${v1}/watermark-templates`, { name: "Copy", text: "COPY" }, "watermark template");
  const webhook = await post<{ endpoint: { id: string } }>(
    `${v1}/webhooks`,
    { url: "https://hooks.example.com/signet", eventTypes: ["package.expired"] },
    "webhook",
  );
  const webhookEvent = await db.webhookEvent.create({
    data: { organizationId: orgId, type: "package.completed", payload: {} },
  });
  const delivery = await db.webhookDelivery.create({
    data: {
      organizationId: orgId,
      endpointId: webhook.endpoint.id,
      eventId: webhookEvent.id,
      attempt: 1,
      succeeded: false,
      statusCode: 500,
    },
  });
  const evault = await post(
    `${v1}/evaults`,
    { name: "Primary vault", url: "https://vault.example.com", clientId: "signet", clientSecret: "vault-secret" },
    "eVault",
  );
  const apiUser = await post(
    `${v1}/api-users`,
    { name: "Loan system", groupId: group.id, roleIds: [role.id] },
    "API user",
  );
  const apiClient = await post<{ client: { id: string }; secret: { id: string } }>(
    `${v1}/api-users/${apiUser.id}/api-clients`,
    { name: "Loan origination" },
    "API client",
  );
  const returnAddress = await post(
    `${v1}/return-addresses`,
    {
      name: "Closing Department",
      company: "Acme Lending",
      line1: "100 Main Street",
      city: "Springfield",
      state: "IL",
      postalCode: "62701",
    },
    "return address",
  );
  const envelope = await post(
    `${v1}/business-return-envelopes`,
    {
      name: "Returns",
      permitNumber: "12345",
      postalFacility: "Springfield IL",
      returnAddressId: returnAddress.id,
      imb: "00040123456200000001",
    },
    "envelope",
  );
  const carrier = await post(
    `${v1}/carriers`,
    { code: "USPS", name: "United States Postal Service", service: "First-Class" },
    "carrier",
  );
  const center = await post(`${v1}/closing-centers`, { name: "Title Co", kind: "TITLE_AGENT" }, "closing center");
  const centerUser = await newUser(db, orgId, "Tia", "Title");
  const centerMember = await post(
    `${v1}/closing-centers/${center.id}/users`,
    { email: centerUser.email, givenName: "Tia", familyName: "Title" },
    "closing center user",
  );

  // ---- templates ----
  const templates = templatePaths(orgId);
  const documentTemplate = await publishedDocumentTemplate(admin, templates, {
    name: "Note template",
    groupIds: [org.adminGroup.id],
    pdf: "minimal-document.pdf",
  });
  const packageTemplate = await post<{ id: string; name: string }>(
    templates.packageTemplates,
    { name: "Refinance", groupIds: [org.adminGroup.id] },
    "package template",
  );
  const bulkSend = await db.bulkSend.create({
    data: {
      organizationId: orgId,
      templateId: packageTemplate.id,
      templateName: packageTemplate.name,
      fileName: "people.csv",
      status: "COMPLETED",
      totalRows: 1,
      createdById: org.admin.id,
      actorOrganizationId: orgId,
      rows: { create: { organizationId: orgId, line: 2, status: "FAILED", error: "no email" } },
    },
  });

  // ---- packages, one in each status ----
  const draft = await buildPackage(admin, orgId, "Draft refinance");
  const checkbox = await ok(
    admin.request<Tag>("POST", draft.api.documentTags(draft.document.id), {
      json: { participantId: draft.signer.id, type: "CHECKBOX", page: 1, x: 72, y: 400, width: 20, height: 20 },
    }),
    "checkbox",
  );
  const text = await ok(
    admin.request<Tag>("POST", draft.api.documentTags(draft.document.id), {
      json: { participantId: draft.signer.id, type: "TEXT", page: 1, x: 100, y: 400, width: 100, height: 20 },
    }),
    "text tag",
  );
  const rule = await post(
    draft.api.conditionalRules,
    { sourceTagId: checkbox.id, targetTagId: text.id, action: "SHOW" },
    "conditional rule",
  );
  const v9draft = `/api/v9/organizations/${orgId}/packages/${draft.pkg.id}`;
  const draftStip = await post(`${v9draft}/stips`, { participantId: draft.signer.id, name: "Pay stub" }, "stip");
  const dataGroup = await post(`${v9draft}/data-collection-groups`, { name: "Income" }, "data group");
  const dataField = await post(
    `${v9draft}/data-collection-fields`,
    { groupId: dataGroup.id, participantId: draft.signer.id, label: "Employer" },
    "data field",
  );
  await ok(
    admin.request("PATCH", `${v1}/settings/packages`, { json: { enable_pkg_collaboration: true } }),
    "collaboration",
    200,
  );
  await db.package.update({ where: { id: draft.pkg.id }, data: { packageCollaboration: true } });
  const collaboration = await ok(
    admin.request<{ collaborationURL: string }>("POST", `${v9draft}/collaborations`),
    "collaboration link",
    200,
  );
  const collaborationToken = new URL(collaboration.collaborationURL).searchParams.get("token") ?? "";

  const sent = await buildPackage(admin, orgId, "Sent refinance");
  const v9sent = `/api/v9/organizations/${orgId}/packages/${sent.pkg.id}`;
  const sentStip = await post(`${v9sent}/stips`, { participantId: sent.signer.id, name: "Pay stub" }, "stip");
  const sentGroup = await post(`${v9sent}/data-collection-groups`, { name: "Income" }, "data group");
  const sentField = await post(
    `${v9sent}/data-collection-fields`,
    { groupId: sentGroup.id, participantId: sent.signer.id, label: "Employer" },
    "data field",
  );
  await send(admin, db, sent);
  const stipUpload = await db.stipUpload.create({
    data: {
      organizationId: orgId,
      packageId: sent.pkg.id,
      stipId: sentStip.id,
      participantId: sent.signer.id,
      fileName: "paystub.pdf",
      contentType: "application/pdf",
      blobKey: `fuzz/${sent.pkg.id}/paystub.pdf`,
      sizeBytes: 1,
      sha256: "0".repeat(64),
    },
  });
  await post(`${v1}/packages/${sent.pkg.id}/closing-centers`, { closingCenterId: center.id }, "share");
  const avSession = await db.avSession.create({
    data: {
      organizationId: orgId,
      packageId: sent.pkg.id,
      hostParticipantId: sent.signer.id,
      status: "COMPLETED",
      startedAt: new Date(),
      endedAt: new Date(),
    },
  });
  // issue 34 §4: a notary profile of the admin and a notarial act on the sent package
  const notaryProfile = await db.notaryProfile.create({
    data: {
      organizationId: orgId,
      userId: org.admin.id,
      notaryName: "Fuzz Notary",
      commissionNumber: "FZ-1",
      commissionState: "VA",
      commissionExpiresOn: new Date("2099-12-31T00:00:00Z"),
      sealPng: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
      sealSha256: "0".repeat(64),
      p12Ciphertext: "fuzz",
      passwordCiphertext: "fuzz",
      certificateSubject: "CN=Fuzz Notary",
      certificateFingerprint: "0".repeat(64),
      certificateNotAfter: new Date("2099-12-31T00:00:00Z"),
    },
  });
  const notarialAct = await db.notarialAct.create({
    data: {
      organizationId: orgId,
      packageId: sent.pkg.id,
      documentId: sent.document.id,
      actType: "ACKNOWLEDGMENT",
      participantIds: [sent.signer.id],
    },
  });
  const mailing = await db.mailing.create({
    data: {
      organizationId: orgId,
      packageId: sent.pkg.id,
      participantId: sent.signer.id,
      reason: "PAPER_SIGNING",
      recipientName: "Ada Okafor",
      recipientAddress: { line1: "1 Elm Street", city: "Springfield", state: "IL", postalCode: "62701" },
      createdById: org.admin.id,
    },
  });
  const scan = await db.mailingScan.create({
    data: {
      mailingId: mailing.id,
      organizationId: orgId,
      fileName: "signed.pdf",
      contentType: "application/pdf",
      blobKey: `fuzz/${mailing.id}/signed.pdf`,
      sha256: "0".repeat(64),
      sizeBytes: 1,
    },
  });
  const room = await openSession(admin, signingUrl, sent);

  const completed = await buildPackage(admin, orgId, "Completed refinance");
  await send(admin, db, completed);
  const signer = await openSession(admin, signingUrl, completed);
  await ok(signer.request("POST", "/api/v1/signing/consent", { json: { agree: true } }), "consent", 200);
  await ok(signEverything(signer, (await signer.room()).body), "finish", 200);
  const artifact = await waitFor("the sealed artifact", () =>
    db.sealedArtifact.findFirst({ where: { packageId: completed.pkg.id } }),
  );

  const cancelled = await buildPackage(admin, orgId, "Cancelled refinance");
  await send(admin, db, cancelled);
  const { version } = await db.package.findUniqueOrThrow({ where: { id: cancelled.pkg.id } });
  await ok(admin.request("PUT", cancelled.api.cancel, { json: { version, notify: false } }), "cancel", 200);

  const outbox = await db.outboxMessage.findFirstOrThrow({ orderBy: { id: "asc" } });

  const organizationWide: IdSet = {
    "organizations/:orgId": orgId,
    "logos/:orgId": orgId,
    ":orgId/:file": logoFile.value,
    "users/:userId": member.id,
    "members/:userId": member.id,
    "memberships/:userId": member.id,
    "password-reset-requests/:id": passwordReset.id,
    "user-invitations/:invitationId": signUp.id,
    "membership-requests/:invitationId": membership.id,
    "identity-links/:linkId": link.id,
    "identity-link-requests/:requestId": linkRequest.id,
    "groups/:groupId": group.id,
    "roles/:roleId": role.id,
    "document-templates/:templateId": documentTemplate.template.id,
    "package-templates/:templateId": packageTemplate.id,
    "email-templates/:templateId": emailTemplate.id,
    "watermark-templates/:templateId": watermark.id,
    "custom-fields/:customFieldId": packageField.id,
    "package-custom-fields/:customFieldId": packageField.id,
    "document-custom-fields/:customFieldId": documentField.id,
    "metaData/:settingId": setting.id,
    "bulk-sends/:bulkSendId": bulkSend.id,
    "webhooks/:webhookId": webhook.endpoint.id,
    "deliveries/:deliveryId": delivery.id,
    "evaults/:evaultId": evault.id,
    "closing-centers/:closingCenterId": center.id,
    "users/:memberId": centerMember.id,
    "return-addresses/:returnAddressId": returnAddress.id,
    "business-return-envelopes/:envelopeId": envelope.id,
    "carriers/:carrierId": carrier.id,
    "email-notifications/:uid": notification.uid,
    "api-users/:apiUserId": apiUser.id,
    "api-clients/:apiClientId": apiClient.client.id,
    "secrets/:secretId": apiClient.secret.id,
    "oauth-providers/:providerId": provider.id,
    "saml-providers/:samlProviderId": saml.id,
    "outbox/:outboxId": String(outbox.id),
    "collaboration/:token": collaborationToken,
    "chunks/:index": "0",
    "notary-profiles/:profileId": notaryProfile.id,
  };
  const ofPackage = (built: Awaited<ReturnType<typeof buildPackage>>, participant: Participant = built.signer) => ({
    ...organizationWide,
    "packages/:packageId": built.pkg.id,
    "documents/:documentId": built.document.id,
    "executable-documents/:documentId": built.document.id,
    "participants/:participantId": participant.id,
    "signing-room-identifiers/:participantId": participant.id,
    "tags/:tagId": built.tag.id,
  });
  return {
    orgId,
    adminEmail: org.admin.email,
    admin,
    room,
    reopenRoom: () => openSession(admin, signingUrl, sent),
    variants: {
      draft: {
        ...ofPackage(draft),
        "conditional-rules/:ruleId": rule.id,
        "stips/:stipId": draftStip.id,
        "data-collection-groups/:groupId": dataGroup.id,
        "data-collection-fields/:fieldId": dataField.id,
      },
      sent: {
        ...ofPackage(sent),
        "stips/:stipId": sentStip.id,
        "uploads/:uploadId": stipUpload.id,
        "data-collection-groups/:groupId": sentGroup.id,
        "data-collection-fields/:fieldId": sentField.id,
        "data-collection/:fieldId": sentField.id,
        "av-sessions/:sessionId": avSession.id,
        "notarial-acts/:actId": notarialAct.id,
        "mailings/:mailingId": mailing.id,
        "scans/:scanId": scan.id,
        // the room's session is the sent package's: its downloads are another package's artifact
        "downloads/:artifactId": artifact.id,
      },
      completed: {
        ...ofPackage(completed),
        "sealed-artifacts/:artifactId": artifact.id,
        "downloads/:artifactId": artifact.id,
      },
      cancelled: ofPackage(cancelled),
    },
  };
}
