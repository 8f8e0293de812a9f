import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { amrAssertsSecondFactor, IDENTITY_MESSAGES, IDENTITY_PROVIDER_MESSAGES, safeReturnUrl } from "@signet/contract";
import * as oidc from "openid-client";
import type { AnonymousActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { IssuedToken } from "../auth/issue-token.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { IdentityProvider as IdentityProviderRow } from "../db/generated/client.ts";
import { type FederatedIdentity, findFederatedAccount } from "../identity-links/find-federated-account.ts";
import { linkAccount } from "../identity-links/link-account.ts";
import { continueAfterFirstFactor, type IssuedMfaChallenge } from "../mfa/sign-in-challenge.ts";
import { outboundFetch, outboundPolicy } from "../outbound/outbound-fetch.ts";
import { identityProviderNotFound, oidcRedirectUri } from "./identity-provider-views.ts";

/** A sign-in left unfinished at the provider for longer than this must be started again. */
const ATTEMPT_MINUTES = 10;
const DISCOVERY_TIMEOUT_SECONDS = 10;

const providerFetch = (deps: CoreDeps): oidc.CustomFetch => {
  const fetch = outboundFetch(outboundPolicy(deps.config));
  return (url, options) => fetch(url, options as RequestInit);
};

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** Discovery is read once per provider version and reused for a few minutes: sign-ins come in bursts. */
const configurations = new Map<string, { config: Promise<oidc.Configuration>; until: number }>();

export function clientConfiguration(provider: IdentityProviderRow, deps: CoreDeps): Promise<oidc.Configuration> {
  const key = `${provider.id}:${provider.version}`;
  const cached = configurations.get(key);
  if (cached && cached.until > Date.now()) return cached.config;
  const issuer = new URL(provider.issuer);
  // plain http only for a host the operator named in OUTBOUND_ALLOWED_HOSTS (the outbound policy
  // refuses it elsewhere, on saving and again on every connection)
  const insecure = issuer.protocol === "http:";
  // openid-client trusts an ID token from the token endpoint on TLS alone unless told otherwise
  // (OIDC Core 3.1.3.7 allows that); we verify its signature against the provider's keys anyway,
  // so that neither a proxy in between nor a loopback provider without TLS can alter who signs in
  const execute = [oidc.enableNonRepudiationChecks, ...(insecure ? [oidc.allowInsecureRequests] : [])];
  const config = oidc
    .discovery(
      issuer,
      provider.clientId,
      undefined,
      oidc.ClientSecretBasic(deps.fieldCipher.decrypt(provider.clientSecretEncrypted)),
      { timeout: DISCOVERY_TIMEOUT_SECONDS, execute, [oidc.customFetch]: providerFetch(deps) },
    )
    .then((configuration) => {
      // discovery, the signing keys, the token endpoint: every call to the provider meets the policy
      configuration[oidc.customFetch] = providerFetch(deps);
      return configuration;
    })
    .catch((error: unknown) => {
      configurations.delete(key);
      throw error;
    });
  configurations.set(key, { config, until: Date.now() + 5 * 60_000 });
  return config;
}

export interface BeginOidcSignInInput {
  organizationId: string;
  providerId: string;
  returnUrl?: string | undefined;
}

export interface BegunOidcSignIn {
  authorizationUrl: string;
  /** random value for the short-lived HttpOnly cookie that ties the callback to this browser */
  browserBinding: string;
}

/**
 * Starts a sign-in through an organization's provider: state, nonce and PKCE verifier stay on the
 * server (one row, single-use, ten minutes); the browser gets only the binding value for a cookie.
 */
export async function beginOidcSignIn(
  // nothing is audited until the callback: a start alone signs nobody in
  _actor: AnonymousActor,
  input: BeginOidcSignInInput,
  deps: CoreDeps,
): Promise<BegunOidcSignIn> {
  const { db } = deps;
  const provider = await db.identityProvider.findFirst({
    where: { id: input.providerId, organizationId: input.organizationId, enabled: true },
  });
  if (!provider) throw identityProviderNotFound();
  const config = await clientConfiguration(provider, deps).catch(() => {
    throw new OidcSignInRefused(503, IDENTITY_PROVIDER_MESSAGES.providerUnavailable, provider.organizationId);
  });
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const browserBinding = randomBytes(32).toString("base64url");
  await db.oidcSignInAttempt.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  await db.oidcSignInAttempt.create({
    data: {
      organizationId: provider.organizationId,
      providerId: provider.id,
      state,
      nonce,
      codeVerifier,
      browserBindingHash: sha256(browserBinding),
      returnUrl: input.returnUrl ? safeReturnUrl(input.returnUrl) : null,
      expiresAt: new Date(Date.now() + ATTEMPT_MINUTES * 60_000),
    },
  });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: oidcRedirectUri(deps.config),
    scope: provider.scopes,
    response_type: "code",
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  return { authorizationUrl: url.href, browserBinding };
}

/** A sign-in that did not happen: the status and sentence of the page the browser sees. */
export class OidcSignInRefused extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 503,
    message: string,
    /** for the page's "back to sign-in" link, when the organization is known */
    readonly organizationId: string | null,
    /** an identity link request the person may confirm by signing in with their own password */
    readonly linkRequestId: string | null = null,
  ) {
    super(message);
    this.name = "OidcSignInRefused";
  }
}

export interface FinishOidcSignInInput {
  /** the callback URL exactly as the provider sent the browser to it (on this installation's public URL) */
  callbackQuery: URLSearchParams;
  browserBinding: string | undefined;
}

export interface FinishedOidcSignIn {
  /** null when a second factor is due first (then challenge is set) */
  issued: IssuedToken | null;
  /** the person has a second factor with us and the provider did not assert one (issue 12 §4) */
  challenge: IssuedMfaChallenge | null;
  returnUrl: string | null;
  organizationId: string;
}

function sameSecret(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const claimText = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/**
 * Finishes a sign-in at the callback. The attempt is found by state, must come from the browser
 * that started it, and is used once; the code is exchanged with the PKCE verifier and the ID token
 * checked (signature, issuer, audience, expiry, nonce) by openid-client. The person is the account
 * linked to the provider's subject (see findFederatedAccount), or a new account created there when
 * the provider allows it; the session is the one a password sign-in gets, bound to the provider's
 * organization, and it cannot change the account's own credentials (requireOwnSignIn).
 * Every outcome is audited naming the provider; refusals are OidcSignInRefused, never a 500.
 */
export async function finishOidcSignIn(
  actor: AnonymousActor,
  input: FinishOidcSignInInput,
  deps: CoreDeps,
): Promise<FinishedOidcSignIn> {
  const { db, config } = deps;
  const state = input.callbackQuery.get("state");
  const expired = () => new OidcSignInRefused(400, IDENTITY_PROVIDER_MESSAGES.signInExpired, null);
  if (!state) throw expired();
  const attempt = await db.oidcSignInAttempt.findUnique({ where: { state }, include: { provider: true } });
  if (!attempt || attempt.usedAt || attempt.expiresAt <= new Date()) throw expired();
  // another browser holding this callback URL (login CSRF, a forwarded link) is refused before the
  // attempt is spent, so the person who started it can still finish
  if (!input.browserBinding || !sameSecret(sha256(input.browserBinding), attempt.browserBindingHash)) {
    throw new OidcSignInRefused(400, IDENTITY_PROVIDER_MESSAGES.otherBrowser, attempt.organizationId);
  }
  const { count } = await db.oidcSignInAttempt.updateMany({
    where: { id: attempt.id, usedAt: null },
    data: { usedAt: new Date() },
  });
  if (count === 0) throw expired();

  const provider = attempt.provider;
  const organizationId = provider.organizationId;
  const providerData = { providerId: provider.id, provider: provider.name };
  const refuse = async (
    status: OidcSignInRefused["status"],
    message: string,
    reason: string,
    extra: Record<string, unknown> = {},
  ): Promise<never> => {
    await db.$transaction((tx) =>
      appendAuditEvent(tx, actor, {
        organizationId,
        streamType: "organization",
        streamId: organizationId,
        type: "sign-in.oidc-refused",
        data: { ...providerData, reason, ...extra },
      }),
    );
    deps.logger.info({ ...providerData, reason }, "OIDC sign-in refused");
    const linkRequestId = typeof extra.requestId === "string" ? extra.requestId : null;
    throw new OidcSignInRefused(status, message, organizationId, linkRequestId);
  };

  if (!provider.enabled) return refuse(403, IDENTITY_PROVIDER_MESSAGES.providerUnavailable, "provider-disabled");
  const providerError = input.callbackQuery.get("error");
  if (providerError) {
    return refuse(401, IDENTITY_PROVIDER_MESSAGES.providerRefused, "provider-error", {
      error: providerError.slice(0, 100),
    });
  }

  let claims: Record<string, unknown>;
  let refresh: { token: string; expiresIn: number } | null = null;
  try {
    const client = await clientConfiguration(provider, deps);
    const callbackUrl = new URL(oidcRedirectUri(config));
    callbackUrl.search = input.callbackQuery.toString();
    const tokens = await oidc.authorizationCodeGrant(client, callbackUrl, {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: attempt.state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error("no ID token");
    claims = { ...idClaims };
    if (tokens.refresh_token) refresh = { token: tokens.refresh_token, expiresIn: tokens.expires_in ?? 0 };
    // many providers (oidc-provider among them) put profile and email claims in userinfo only
    if (claims[provider.emailClaim] === undefined && tokens.access_token) {
      const userinfo = await oidc.fetchUserInfo(client, tokens.access_token, idClaims.sub);
      claims = { ...userinfo, ...idClaims };
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error as Error).name;
    return refuse(401, IDENTITY_PROVIDER_MESSAGES.answerNotTrusted, "answer-not-trusted", { error: code });
  }

  const email = claimText(claims[provider.emailClaim]).toLowerCase();
  if (!email) return refuse(403, IDENTITY_PROVIDER_MESSAGES.emailMissing, "email-missing");
  if (claims.email_verified !== true) {
    return refuse(403, IDENTITY_PROVIDER_MESSAGES.emailNotVerified, "email-not-verified", { subject: claims.sub });
  }

  const subject = claimText(claims.sub);
  if (!subject) return refuse(403, IDENTITY_MESSAGES.subjectMissing, "subject-missing");
  const identity = {
    providerKind: "oidc" as const,
    providerId: provider.id,
    providerName: provider.name,
    organizationId,
    subject,
    email,
  };
  const found = await findFederatedAccount(actor, identity, deps);
  let userId: string;
  if (found.kind === "linked") userId = found.userId;
  else if (found.kind === "unknown") {
    // just-in-time creation makes new accounts only: an address already used in another
    // organization is never pulled into this one by its provider's word
    if (!provider.jitEnabled || !provider.jitGroupId) {
      return refuse(403, IDENTITY_PROVIDER_MESSAGES.noAccount, "unknown-email", { emailHash: sha256(email) });
    }
    userId = await createAccountAtSignIn(actor, provider, identity, claims, deps);
  } else {
    return refuse(403, FEDERATED_REFUSALS[found.reason], found.reason, {
      userId: found.userId,
      ...(found.requestId ? { requestId: found.requestId } : {}),
    });
  }
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    include: {
      apiUser: { select: { userId: true } },
      memberships: { include: { organization: { select: { enabled: true } } } },
    },
  });

  const here = user.memberships.find((m) => m.organizationId === organizationId);
  if (!here || user.apiUser) {
    return refuse(403, IDENTITY_PROVIDER_MESSAGES.noAccount, "not-a-member", { userId: user.id });
  }
  if (!here.enabled || !here.organization.enabled) {
    return refuse(403, IDENTITY_PROVIDER_MESSAGES.notEnabled, "not-enabled-for-org", { userId: user.id });
  }

  // a provider that asserts a second factor (id_token amr, RFC 8176) is not second-guessed; else a
  // person who has a second factor with us answers it before any session exists
  const secondFactorAsserted = amrAssertsSecondFactor(claims.amr);
  const outcome = await continueAfterFirstFactor(
    actor,
    {
      userId: user.id,
      organizationId,
      credentialsExpired: false,
      firstFactor: "fed",
      identityProviderId: provider.id,
      secondFactorAsserted,
      returnUrl: attempt.returnUrl,
    },
    deps,
  );
  if (outcome.kind === "challenge") {
    // the provider's refresh token is not kept for a session that does not exist yet: the session
    // opened by the code lives by the idle timeout and its own expiry
    return { issued: null, challenge: outcome.challenge, returnUrl: attempt.returnUrl, organizationId };
  }
  // the same token a password sign-in gets, but never partial: the provider vouches for the person
  // in its own organization only (an administrator of one organization must not be able to act
  // as a person in another one they also belong to), so the session is bound to it
  await db.user.update({ where: { id: user.id }, data: { lastSignInAt: new Date() } });
  await db.$transaction((tx) =>
    appendAuditEvent(tx, actor, {
      organizationId: user.homeOrganizationId,
      streamType: "user",
      streamId: user.id,
      type: "sign-in.succeeded",
      data: { method: "oidc", ...providerData, secondFactorAsserted },
    }),
  );
  const issued = outcome.issued;
  if (refresh) {
    await db.oidcSession.create({
      data: {
        activeTokenId: issued.claims.jti,
        organizationId,
        providerId: provider.id,
        refreshTokenEncrypted: deps.fieldCipher.encrypt(refresh.token),
        accessTokenExpiresAt: new Date(Date.now() + refresh.expiresIn * 1000),
      },
    });
  }
  return { issued, challenge: null, returnUrl: attempt.returnUrl, organizationId };
}

const FEDERATED_REFUSALS = {
  "not-a-member": IDENTITY_PROVIDER_MESSAGES.noAccount,
  "not-linked": IDENTITY_MESSAGES.linkEmailSent,
  "linked-to-other-identity": IDENTITY_MESSAGES.linkedToOtherIdentity,
} as const;

/**
 * Just-in-time creation (the provider allows it, and nobody has the address): a new account in the
 * provider's organization, its group and roles, linked to the provider's subject at once.
 */
async function createAccountAtSignIn(
  actor: AnonymousActor,
  provider: IdentityProviderRow,
  identity: FederatedIdentity,
  claims: Record<string, unknown>,
  deps: CoreDeps,
): Promise<string> {
  const { organizationId, email } = identity;
  const givenName = claimText(claims[provider.givenNameClaim]).slice(0, 100) || email.split("@")[0]!.slice(0, 100);
  const familyName = claimText(claims[provider.familyNameClaim]).slice(0, 100);
  const groupId = provider.jitGroupId!;
  const providerData = { providerId: provider.id, provider: provider.name };
  const created = await deps.db.$transaction(async (tx) => {
    const row = await tx.user.create({
      data: {
        email,
        givenName,
        familyName,
        homeOrganizationId: organizationId,
        memberships: { create: { organizationId } },
      },
    });
    await tx.groupMember.create({ data: { groupId, userId: row.id, organizationId } });
    const roleIds = await tx.role.findMany({
      where: { id: { in: provider.jitRoleIds }, organizationId },
      select: { id: true },
    });
    await tx.groupRole.createMany({
      data: roleIds.map((role) => ({ groupId, roleId: role.id, organizationId })),
      skipDuplicates: true,
    });
    await tx.memberRole.createMany({
      data: roleIds.map((role) => ({ groupId, userId: row.id, roleId: role.id, organizationId })),
      skipDuplicates: true,
    });
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "organization",
      streamId: organizationId,
      type: "user.created-at-sign-in",
      data: { ...providerData, userId: row.id, groupId, roleIds: roleIds.map((role) => role.id) },
    });
    await linkAccount(tx, actor, { ...identity, userId: row.id, linkedBy: "jit" });
    return row;
  });
  return created.id;
}
