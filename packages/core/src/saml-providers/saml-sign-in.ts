import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import {
  IDENTITY_MESSAGES,
  SAML_NAME_ID,
  SAML_PROVIDER_MESSAGES,
  safeReturnUrl,
  samlAssertsMultiFactor,
} from "@signet/contract";
import type { AnonymousActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { IssuedToken } from "../auth/issue-token.ts";
import type { CoreDeps } from "../core-deps.ts";
import { Prisma } from "../db/generated/client.ts";
import { findFederatedAccount } from "../identity-links/find-federated-account.ts";
import { continueAfterFirstFactor, type IssuedMfaChallenge } from "../mfa/sign-in-challenge.ts";
import { SAML_CLOCK_SKEW_MS, samlIdentityProviderEntity, samlify, samlServiceProviderEntity } from "./saml-library.ts";
import { samlAcsUrl, samlProviderNotFound, samlSpEntityId } from "./saml-provider-views.ts";

/** A sign-in left unfinished at the identity provider for longer than this must be started again. */
const REQUEST_MINUTES = 10;
/** How long an assertion id is remembered when the assertion names no end of validity. */
const DEFAULT_ASSERTION_LIFETIME_MS = 24 * 3600_000;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

function sameSecret(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface BeginSamlSignInInput {
  organizationId: string;
  samlProviderId: string;
  returnUrl?: string | undefined;
}

export interface BegunSamlSignIn {
  /**
   * How the browser takes the AuthnRequest to the identity provider: redirected to its SSO address
   * with the request and RelayState in the query (HTTP-Redirect), or posting them as form fields
   * (HTTP-POST)
   */
  send:
    | { binding: "redirect"; url: string }
    | { binding: "post"; url: string; fields: { SAMLRequest: string; RelayState: string } };
  /** random value for the short-lived HttpOnly cookie that ties the response to this browser */
  browserBinding: string;
}

/**
 * SP-initiated sign-in: an AuthnRequest whose ID the response must name (InResponseTo), and a
 * RelayState that is only a random key to the stored request (organization, browser binding,
 * return address): nothing the identity provider or the browser could alter means anything.
 */
export async function beginSamlSignIn(
  // nothing is audited until the response: a start alone signs nobody in
  _actor: AnonymousActor,
  input: BeginSamlSignInInput,
  deps: CoreDeps,
): Promise<BegunSamlSignIn> {
  const { db, config } = deps;
  const provider = await db.samlProvider.findFirst({
    where: {
      id: input.samlProviderId,
      enabled: true,
      organizations: { some: { organizationId: input.organizationId } },
    },
  });
  if (!provider) throw samlProviderNotFound();
  const relayState = randomBytes(32).toString("base64url");
  const browserBinding = randomBytes(32).toString("base64url");
  const sp = samlServiceProviderEntity(config);
  const idp = samlIdentityProviderEntity(provider);
  const binding = provider.ssoBinding === "post" ? "post" : "redirect";
  const request = sp.createLoginRequest(idp, binding, { relayState }) as { id: string; context: string };
  const now = new Date();
  await db.samlSignInRequest.deleteMany({ where: { expiresAt: { lt: now } } });
  await db.samlConsumedAssertion.deleteMany({ where: { expiresAt: { lt: now } } });
  await db.samlSignInRequest.create({
    data: {
      requestId: request.id,
      relayState,
      samlProviderId: provider.id,
      organizationId: input.organizationId,
      browserBindingHash: sha256(browserBinding),
      returnUrl: input.returnUrl ? safeReturnUrl(input.returnUrl) : null,
      expiresAt: new Date(now.getTime() + REQUEST_MINUTES * 60_000),
    },
  });
  const send: BegunSamlSignIn["send"] =
    binding === "post"
      ? { binding, url: provider.ssoUrl, fields: { SAMLRequest: request.context, RelayState: relayState } }
      : { binding, url: request.context };
  return { send, browserBinding };
}

/** A sign-in that did not happen: the status and sentence of the page the browser sees. */
export class SamlSignInRefused extends Error {
  constructor(
    readonly status: 400 | 401 | 403,
    message: string,
    /** for the page's "back to sign-in" link, when the organization is known */
    readonly organizationId: string | null,
    /** an identity link request the person may confirm by signing in with their own password */
    readonly linkRequestId: string | null = null,
  ) {
    super(message);
    this.name = "SamlSignInRefused";
  }
}

export interface FinishSamlSignInInput {
  samlResponse: string;
  relayState: string | undefined;
  browserBinding: string | undefined;
}

export interface FinishedSamlSignIn {
  /** null when a second factor is due first (then challenge is set) */
  issued: IssuedToken | null;
  /** the person has a second factor with us and the provider did not assert one (issue 12 §4) */
  challenge: IssuedMfaChallenge | null;
  returnUrl: string | null;
  organizationId: string;
}

const first = (value: unknown): string => {
  if (Array.isArray(value)) return first(value[0]);
  return typeof value === "string" ? value.trim() : "";
};
const all = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === "string");

/** What the checks read from the verified assertion (and the response around it). */
const ASSERTION_FIELDS = [
  { key: "assertionId", localPath: ["Assertion"], attributes: ["ID"] },
  {
    key: "recipient",
    localPath: ["Assertion", "Subject", "SubjectConfirmation", "SubjectConfirmationData"],
    attributes: ["Recipient"],
  },
  {
    key: "inResponseTo",
    localPath: ["Assertion", "Subject", "SubjectConfirmation", "SubjectConfirmationData"],
    attributes: ["InResponseTo"],
  },
  {
    key: "confirmationNotOnOrAfter",
    localPath: ["Assertion", "Subject", "SubjectConfirmation", "SubjectConfirmationData"],
    attributes: ["NotOnOrAfter"],
  },
  {
    key: "authnContextClassRef",
    localPath: ["Assertion", "AuthnStatement", "AuthnContext", "AuthnContextClassRef"],
    attributes: [],
  },
];
const RESPONSE_FIELDS = [
  { key: "destination", localPath: ["Response"], attributes: ["Destination"] },
  { key: "inResponseTo", localPath: ["Response"], attributes: ["InResponseTo"] },
];

/** samlify's refusals in the product's words (and a short reason for the audit log). */
function classify(error: unknown): { reason: string; message: string } {
  const code = error instanceof Error ? error.message : String(error);
  if (/SUBJECT_UNCONFIRMED|EXPIRED_SESSION/.test(code)) {
    return { reason: "expired", message: SAML_PROVIDER_MESSAGES.answerExpired };
  }
  if (/FAILED_STATUS/.test(code)) return { reason: "provider-error", message: SAML_PROVIDER_MESSAGES.providerRefused };
  return { reason: "answer-not-trusted", message: SAML_PROVIDER_MESSAGES.answerNotTrusted };
}

/**
 * Finishes a sign-in at the Assertion Consumer Service. The request is found by RelayState and must
 * come from the browser that started it. samlify checks the XML against the SAML schemas, the
 * signature (assertion or whole response) against the provider's certificates, the issuer and the
 * NotBefore/NotOnOrAfter window; here we check that the assertion is for us (audience, recipient,
 * destination), answers our request (InResponseTo), and was never used before (its ID in the
 * replay store, whichever API process saw it). The person is the account linked to the NameID (see
 * findFederatedAccount), a member of the organization; the session is the one any sign-in gets,
 * bound to that organization, and it cannot change the account's own credentials. Every outcome
 * is audited naming the provider; refusals are SamlSignInRefused, never a 500.
 */
export async function finishSamlSignIn(
  actor: AnonymousActor,
  input: FinishSamlSignInInput,
  deps: CoreDeps,
): Promise<FinishedSamlSignIn> {
  const { db, config } = deps;
  const expired = () => new SamlSignInRefused(400, SAML_PROVIDER_MESSAGES.signInExpired, null);
  // IdP-initiated (unsolicited) responses carry no RelayState of ours: only SP-initiated sign-in
  if (!input.relayState) throw expired();
  const request = await db.samlSignInRequest.findUnique({
    where: { relayState: input.relayState },
    include: { samlProvider: { include: { organizations: { select: { organizationId: true } } } } },
  });
  if (!request || request.expiresAt <= new Date()) throw expired();
  // another browser holding this response (login CSRF, a forwarded form) is refused before
  // anything is spent, so the person who started it can still finish
  if (!input.browserBinding || !sameSecret(sha256(input.browserBinding), request.browserBindingHash)) {
    throw new SamlSignInRefused(400, SAML_PROVIDER_MESSAGES.otherBrowser, request.organizationId);
  }

  const provider = request.samlProvider;
  const { organizationId } = request;
  const providerData = { samlProviderId: provider.id, provider: provider.name };
  const refuse = async (
    status: SamlSignInRefused["status"],
    message: string,
    reason: string,
    extra: Record<string, unknown> = {},
  ): Promise<never> => {
    await db.$transaction((tx) =>
      appendAuditEvent(tx, actor, {
        organizationId,
        streamType: "organization",
        streamId: organizationId,
        type: "sign-in.saml-refused",
        data: { ...providerData, reason, ...extra },
      }),
    );
    deps.logger.info({ ...providerData, reason }, "SAML sign-in refused");
    const linkRequestId = typeof extra.requestId === "string" ? extra.requestId : null;
    throw new SamlSignInRefused(status, message, organizationId, linkRequestId);
  };

  if (!provider.enabled) return refuse(403, SAML_PROVIDER_MESSAGES.providerUnavailable, "provider-disabled");
  if (!provider.organizations.some((link) => link.organizationId === organizationId)) {
    return refuse(403, SAML_PROVIDER_MESSAGES.providerUnavailable, "organization-not-assigned");
  }

  const sp = samlServiceProviderEntity(config);
  const idp = samlIdentityProviderEntity(provider);
  let parsed: { samlContent: string; extract: Record<string, unknown> };
  let assertionXml: string;
  try {
    parsed = (await sp.parseLoginResponse(idp, "post", {
      body: { SAMLResponse: input.samlResponse },
    })) as typeof parsed;
    // the assertion the signature covers, read again so that nothing below comes from unsigned XML
    const [verified, node] = samlify.SamlLib.verifySignature(parsed.samlContent, { metadata: idp.entityMeta });
    if (!verified || !node || !/^<([\w-]+:)?Assertion[\s>]/.test(node)) throw new Error("NO_SIGNED_ASSERTION");
    assertionXml = node;
  } catch (error) {
    const { reason, message } = classify(error);
    const code = (error instanceof Error ? error.message : String(error)).slice(0, 100);
    return refuse(401, message, reason, { error: code });
  }

  const assertion = samlify.Extractor.extract(assertionXml, ASSERTION_FIELDS as never) as Record<string, unknown>;
  const response = samlify.Extractor.extract(parsed.samlContent, RESPONSE_FIELDS as never) as Record<string, unknown>;
  const acsUrl = samlAcsUrl(config);
  const audiences = all(parsed.extract.audience).map((value) => value.trim());
  if (!audiences.includes(samlSpEntityId(config))) {
    return refuse(401, SAML_PROVIDER_MESSAGES.answerNotForUs, "wrong-audience", { audience: audiences.slice(0, 3) });
  }
  const destination = first(response.destination);
  if (first(assertion.recipient) !== acsUrl || (destination && destination !== acsUrl)) {
    return refuse(401, SAML_PROVIDER_MESSAGES.answerNotForUs, "wrong-recipient");
  }
  const responseTo = first(response.inResponseTo);
  if (first(assertion.inResponseTo) !== request.requestId || (responseTo && responseTo !== request.requestId)) {
    return refuse(401, SAML_PROVIDER_MESSAGES.answerNotForUs, "not-our-request");
  }
  const confirmationEnd = first(assertion.confirmationNotOnOrAfter);
  if (confirmationEnd && new Date(confirmationEnd).getTime() + SAML_CLOCK_SKEW_MS <= Date.now()) {
    return refuse(401, SAML_PROVIDER_MESSAGES.answerExpired, "expired");
  }
  const assertionId = first(assertion.assertionId);
  if (!assertionId) return refuse(401, SAML_PROVIDER_MESSAGES.answerNotTrusted, "answer-not-trusted");

  // spend the assertion and the request together: a replay, here or in another API process, hits
  // the assertion id's unique key
  const conditions = (parsed.extract.conditions ?? {}) as Record<string, unknown>;
  const ends = [first(conditions.notOnOrAfter), confirmationEnd]
    .map((value) => new Date(value).getTime())
    .filter((value) => Number.isFinite(value));
  const rememberUntil = new Date(ends.length > 0 ? Math.max(...ends) : Date.now() + DEFAULT_ASSERTION_LIFETIME_MS);
  try {
    await db.$transaction(async (tx) => {
      await tx.samlConsumedAssertion.create({
        data: { assertionId: assertionId.slice(0, 200), samlProviderId: provider.id, expiresAt: rememberUntil },
      });
      const { count } = await tx.samlSignInRequest.updateMany({
        where: { id: request.id, usedAt: null },
        data: { usedAt: new Date() },
      });
      if (count === 0) throw new RequestAlreadyUsed();
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      return refuse(401, SAML_PROVIDER_MESSAGES.replayed, "replayed", { assertionId: assertionId.slice(0, 200) });
    }
    if (error instanceof RequestAlreadyUsed) return refuse(400, SAML_PROVIDER_MESSAGES.signInExpired, "request-used");
    throw error;
  }

  const attributes = (parsed.extract.attributes ?? {}) as Record<string, unknown>;
  const email = (
    provider.emailAttribute === SAML_NAME_ID ? first(parsed.extract.nameID) : first(attributes[provider.emailAttribute])
  ).toLowerCase();
  if (!email.includes("@")) return refuse(403, SAML_PROVIDER_MESSAGES.emailMissing, "email-missing");

  const subject = first(parsed.extract.nameID);
  if (!subject) return refuse(403, IDENTITY_MESSAGES.subjectMissing, "subject-missing");
  const found = await findFederatedAccount(
    actor,
    { providerKind: "saml", providerId: provider.id, providerName: provider.name, organizationId, subject, email },
    deps,
  );
  // no just-in-time creation: the provider vouches for people the organization already has
  if (found.kind === "unknown") {
    return refuse(403, SAML_PROVIDER_MESSAGES.noAccount, "unknown-email", { emailHash: sha256(email) });
  }
  if (found.kind === "refused") {
    const message =
      found.reason === "not-a-member"
        ? SAML_PROVIDER_MESSAGES.noAccount
        : found.reason === "not-linked"
          ? IDENTITY_MESSAGES.linkEmailSent
          : IDENTITY_MESSAGES.linkedToOtherIdentity;
    return refuse(403, message, found.reason, {
      userId: found.userId,
      ...(found.requestId ? { requestId: found.requestId } : {}),
    });
  }
  const user = await db.user.findUniqueOrThrow({
    where: { id: found.userId },
    include: {
      apiUser: { select: { userId: true } },
      memberships: { include: { organization: { select: { enabled: true } } } },
    },
  });
  const here = user.memberships.find((m) => m.organizationId === organizationId);
  if (!here || user.apiUser) {
    return refuse(403, SAML_PROVIDER_MESSAGES.noAccount, "not-a-member", { userId: user.id });
  }
  if (!here.enabled || !here.organization.enabled) {
    return refuse(403, SAML_PROVIDER_MESSAGES.notEnabled, "not-enabled-for-org", { userId: user.id });
  }

  // a provider that asserts a second factor (AuthnContextClassRef) is not second-guessed; else a
  // person who has a second factor with us answers it before any session exists
  const secondFactorAsserted = samlAssertsMultiFactor(all(assertion.authnContextClassRef));
  const outcome = await continueAfterFirstFactor(
    actor,
    {
      userId: user.id,
      organizationId,
      credentialsExpired: false,
      firstFactor: "fed",
      identityProviderId: provider.id,
      secondFactorAsserted,
      returnUrl: request.returnUrl,
    },
    deps,
  );
  if (outcome.kind === "challenge") {
    return { issued: null, challenge: outcome.challenge, returnUrl: request.returnUrl, organizationId };
  }
  // the same token any sign-in gets, never partial and bound to the organization the sign-in was
  // started for: the provider vouches for the person there only
  await db.user.update({ where: { id: user.id }, data: { lastSignInAt: new Date() } });
  await db.$transaction((tx) =>
    appendAuditEvent(tx, actor, {
      organizationId: user.homeOrganizationId,
      streamType: "user",
      streamId: user.id,
      type: "sign-in.succeeded",
      data: { method: "saml", ...providerData, secondFactorAsserted },
    }),
  );
  return { issued: outcome.issued, challenge: null, returnUrl: request.returnUrl, organizationId };
}

class RequestAlreadyUsed extends Error {}
