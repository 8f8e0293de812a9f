import {
  type ImportedSamlMetadata,
  type ImportSamlMetadata,
  SAML_METADATA_URL_MESSAGES,
  SAML_PROVIDER_MESSAGES,
  type SamlServiceProvider,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { outboundFetch, outboundPolicy } from "../outbound/outbound-fetch.ts";
import { assertOutboundUrl } from "../outbound/outbound-url.ts";
import { samlify, samlServiceProviderEntity } from "./saml-library.ts";
import { samlAcsUrl, samlCertificate, samlSpEntityId } from "./saml-provider-views.ts";
import { requireSupportUser } from "./saml-providers.ts";

const FETCH_TIMEOUT_MS = 10_000;
const MAX_METADATA_BYTES = 1_000_000;

const badMetadata = (message: string, path: string) => new AppError("BAD_REQUEST", message, [{ path, message }]);

/** A base64 certificate from metadata as PEM, 64 characters a line. */
function toPem(base64: string): string {
  const body = base64.replace(/\s+/g, "");
  return `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)?.join("\n") ?? ""}\n-----END CERTIFICATE-----`;
}

async function download(url: string, deps: CoreDeps): Promise<string> {
  assertOutboundUrl(url, deps.config, SAML_METADATA_URL_MESSAGES);
  try {
    const fetch = outboundFetch(outboundPolicy(deps.config), { maxResponseBytes: MAX_METADATA_BYTES });
    const response = await fetch(url, {
      // metadata addresses often redirect; every hop meets the outbound policy where it connects
      redirect: "follow",
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      headers: { accept: "application/samlmetadata+xml, application/xml, text/xml" },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const text = await response.text();
    if (text.length > MAX_METADATA_BYTES) throw new Error("too large");
    return text;
  } catch {
    throw badMetadata(SAML_PROVIDER_MESSAGES.metadataFetchFailed, "url");
  }
}

/** Reads an IdP metadata document into the fields of a provider (nothing is saved). */
export function parseSamlMetadata(xml: string, path = "xml"): ImportedSamlMetadata {
  let meta: ReturnType<typeof samlify.IdPMetadata>;
  try {
    if (!/IDPSSODescriptor/.test(xml)) throw new Error("not IdP metadata");
    meta = samlify.IdPMetadata(xml);
  } catch {
    throw badMetadata(SAML_PROVIDER_MESSAGES.metadataUnreadable, path);
  }
  const idpEntityId = typeof meta.getEntityID() === "string" ? meta.getEntityID().trim() : "";
  if (!idpEntityId) throw badMetadata(SAML_PROVIDER_MESSAGES.metadataUnreadable, path);
  // HTTP-Redirect when offered (the common choice), else HTTP-POST
  const redirect = meta.getSingleSignOnService("redirect");
  const post = meta.getSingleSignOnService("post");
  const sso =
    typeof redirect === "string" && redirect
      ? { ssoUrl: redirect, ssoBinding: "redirect" as const }
      : typeof post === "string" && post
        ? { ssoUrl: post, ssoBinding: "post" as const }
        : null;
  if (!sso) throw badMetadata(SAML_PROVIDER_MESSAGES.metadataNoSso, path);
  const raw = meta.getX509Certificate("signing");
  const list = (Array.isArray(raw) ? raw.flat(3) : raw ? [raw] : []).filter(
    (value): value is string => typeof value === "string" && value.trim().length > 0,
  );
  const certificates = [];
  for (const base64 of new Set(list.map((value) => value.replace(/\s+/g, "")))) {
    try {
      certificates.push(samlCertificate(toPem(base64)));
    } catch {
      // an unreadable certificate is left out; none at all is refused below
    }
  }
  if (certificates.length === 0) throw badMetadata(SAML_PROVIDER_MESSAGES.metadataNoCertificate, path);
  return { idpEntityId, ...sso, certificates };
}

/** Issue 12 §3: "import IdP metadata (URL or file)". Support users only. */
export async function importSamlMetadata(
  actor: Actor,
  input: ImportSamlMetadata,
  deps: CoreDeps,
): Promise<ImportedSamlMetadata> {
  requireSupportUser(actor);
  if (input.url) return parseSamlMetadata(await download(input.url, deps), "url");
  return parseSamlMetadata(input.xml ?? "", "xml");
}

/** What to give an identity provider: our entity ID, the ACS URL and the metadata naming both. */
export function getSamlServiceProvider(actor: Actor, deps: CoreDeps): SamlServiceProvider {
  requireSupportUser(actor);
  return {
    entityId: samlSpEntityId(deps.config),
    acsUrl: samlAcsUrl(deps.config),
    metadataXml: samlServiceProviderEntity(deps.config).getMetadata(),
  };
}
