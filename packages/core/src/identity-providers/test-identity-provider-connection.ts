import { randomUUID } from "node:crypto";
import type { ConnectionTestResult } from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { outboundFetch, outboundPolicy } from "../outbound/outbound-fetch.ts";
import { oidcRedirectUri } from "./identity-provider-views.ts";
import { findIdentityProvider, type IdentityProviderRef } from "./identity-providers.ts";

type Check = ConnectionTestResult["checks"][number];
const TIMEOUT_MS = 10_000;

/**
 * A failed call in an administrator's words. Refused, timed out, unknown host, untrusted
 * certificate, not allowed by the outbound policy: one answer, so the test cannot be used to tell
 * open ports from closed ones or to map the inside network.
 */
function networkProblem(url: string): string {
  return `Not reachable: ${new URL(url).host} did not answer. Check the address.`;
}

async function fetchJson(url: string, deps: CoreDeps, init: RequestInit = {}) {
  const fetch = outboundFetch(outboundPolicy(deps.config));
  const response = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // reported by the caller as "not JSON"
  }
  return { status: response.status, body };
}

const formEncode = (value: string) => encodeURIComponent(value).replace(/%20/g, "+");

/**
 * Connection test (spec §7 connection tests): reads discovery and the signing keys the way sign-in
 * will, and tries the client credentials at the token endpoint with a code that cannot exist: a
 * provider answers invalid_grant when it accepted the client, invalid_client when it did not. Every
 * finding is one sentence an administrator can act on.
 */
export async function testIdentityProviderConnection(
  actor: Actor,
  input: IdentityProviderRef,
  deps: CoreDeps,
): Promise<ConnectionTestResult> {
  await requirePermission(actor, input.organizationId, ["MANAGE_ADMIN_SETTINGS"], deps);
  const provider = await findIdentityProvider(deps.db, input);
  const checks: Check[] = [];
  const done = async () => {
    const ok = checks.every((check) => check.ok);
    await deps.db.$transaction((tx) =>
      appendAuditEvent(tx, actor, {
        organizationId: input.organizationId,
        streamType: "organization",
        streamId: input.organizationId,
        type: "identity-provider.tested",
        data: {
          providerId: provider.id,
          name: provider.name,
          ok,
          failed: checks.filter((c) => !c.ok).map((c) => c.name),
        },
      }),
    );
    return { ok, checks };
  };

  const discoveryUrl = `${provider.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;
  let discovery: Record<string, unknown>;
  try {
    const answer = await fetchJson(discoveryUrl, deps);
    if (answer.status !== 200) {
      checks.push({
        name: "discovery",
        ok: false,
        message: `The discovery document was not found: ${discoveryUrl} answered HTTP ${answer.status}. Check that the issuer is the provider's issuer address.`,
      });
      return done();
    }
    if (!answer.body || typeof answer.body !== "object") {
      checks.push({
        name: "discovery",
        ok: false,
        message: `${discoveryUrl} did not answer with an OpenID Connect discovery document (JSON). Check the issuer address.`,
      });
      return done();
    }
    discovery = answer.body as Record<string, unknown>;
    checks.push({ name: "discovery", ok: true, message: `The discovery document was read from ${discoveryUrl}.` });
  } catch {
    checks.push({ name: "discovery", ok: false, message: networkProblem(discoveryUrl) });
    return done();
  }

  if (discovery.issuer === provider.issuer) {
    checks.push({ name: "issuer", ok: true, message: "The provider's issuer matches." });
  } else {
    checks.push({
      name: "issuer",
      ok: false,
      message:
        typeof discovery.issuer === "string"
          ? `The provider calls itself "${discovery.issuer}", but this provider is set up with "${provider.issuer}". Set the issuer to exactly "${discovery.issuer}".`
          : "The discovery document does not name its issuer.",
    });
  }

  const missing = ["authorization_endpoint", "token_endpoint", "jwks_uri"].filter(
    (key) => typeof discovery[key] !== "string",
  );
  const responseTypes = discovery.response_types_supported;
  const codeFlow = !Array.isArray(responseTypes) || responseTypes.includes("code");
  checks.push(
    missing.length > 0
      ? { name: "endpoints", ok: false, message: `The discovery document lacks ${missing.join(", ")}.` }
      : codeFlow
        ? { name: "endpoints", ok: true, message: "The sign-in, token and key addresses are published." }
        : { name: "endpoints", ok: false, message: "The provider does not offer the authorization code flow." },
  );

  if (typeof discovery.jwks_uri === "string") {
    const jwksUri = discovery.jwks_uri;
    try {
      const answer = await fetchJson(jwksUri, deps);
      const keys = (answer.body as { keys?: { use?: string }[] } | null)?.keys;
      const signing = Array.isArray(keys) ? keys.filter((key) => key.use !== "enc") : [];
      checks.push(
        answer.status !== 200
          ? {
              name: "jwks",
              ok: false,
              message: `The signing keys could not be read: ${jwksUri} answered HTTP ${answer.status}.`,
            }
          : signing.length === 0
            ? {
                name: "jwks",
                ok: false,
                message: `${jwksUri} publishes no signing keys, so no sign-in could be verified.`,
              }
            : {
                name: "jwks",
                ok: true,
                message: `${signing.length} signing key${signing.length === 1 ? "" : "s"} found.`,
              },
      );
    } catch {
      checks.push({
        name: "jwks",
        ok: false,
        message: `The signing keys could not be read. ${networkProblem(jwksUri)}`,
      });
    }
  }

  const methods = discovery.code_challenge_methods_supported;
  checks.push(
    !Array.isArray(methods)
      ? {
          name: "pkce",
          ok: true,
          message: "The provider does not say whether it supports PKCE; sign-in sends it anyway.",
        }
      : methods.includes("S256")
        ? { name: "pkce", ok: true, message: "PKCE (S256) is supported." }
        : { name: "pkce", ok: false, message: "The provider does not support PKCE with S256, which sign-in requires." },
  );

  if (typeof discovery.token_endpoint === "string") {
    const tokenEndpoint = discovery.token_endpoint;
    const secret = deps.fieldCipher.decrypt(provider.clientSecretEncrypted);
    try {
      const answer = await fetchJson(tokenEndpoint, deps, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          authorization: `Basic ${Buffer.from(`${formEncode(provider.clientId)}:${formEncode(secret)}`).toString("base64")}`,
        },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code: `connection-test-${randomUUID()}`,
          redirect_uri: oidcRedirectUri(deps.config),
        }),
      });
      const error = (answer.body as { error?: string } | null)?.error;
      checks.push(
        error === "invalid_client" || answer.status === 401
          ? {
              name: "client",
              ok: false,
              message:
                "The provider does not accept this client ID and secret. Check both, and that the client may use client_secret_basic.",
            }
          : error === "invalid_grant"
            ? { name: "client", ok: true, message: "The provider accepted the client ID and secret." }
            : {
                name: "client",
                ok: false,
                message: `The token endpoint answered unexpectedly (HTTP ${answer.status}${error ? `, ${error}` : ""}).`,
              },
      );
    } catch {
      checks.push({
        name: "client",
        ok: false,
        message: `The token endpoint could not be reached. ${networkProblem(tokenEndpoint)}`,
      });
    }
  }
  return done();
}
