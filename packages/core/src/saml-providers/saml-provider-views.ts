import { X509Certificate } from "node:crypto";
import {
  SAML_ACS_PATH,
  SAML_PROVIDER_MESSAGES,
  SAML_SP_ENTITY_PATH,
  type SamlCertificate,
  type SamlProvider,
} from "@signet/contract";
import type { Config } from "../config/config.ts";
import type { SamlProvider as SamlProviderRow } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";

/** Our entity ID: the audience every identity provider must name. Stable as long as the public URL is. */
export const samlSpEntityId = (config: Config) => `${config.publicUrl}${SAML_SP_ENTITY_PATH}`;
/** Where identity providers post their responses (HTTP-POST binding). */
export const samlAcsUrl = (config: Config) => `${config.publicUrl}${SAML_ACS_PATH}`;

export const samlProviderNotFound = () => new AppError("NOT_FOUND", SAML_PROVIDER_MESSAGES.notFound);

/** A PEM certificate read with node:crypto: subject and validity, so the pages can warn before it expires. */
export function samlCertificate(pem: string): SamlCertificate {
  const certificate = new X509Certificate(pem);
  return {
    pem: certificate.toString().trim(),
    subject: certificate.subject.split("\n").join(", "),
    validFrom: new Date(certificate.validFrom).toISOString(),
    validTo: new Date(certificate.validTo).toISOString(),
    fingerprint: certificate.fingerprint256,
  };
}

/** Reads every certificate of a request; one that is not a certificate is a 400 naming its place. */
export function readCertificates(pems: string[], path = "certificates"): SamlCertificate[] {
  return pems.map((pem, index) => {
    try {
      return samlCertificate(pem);
    } catch {
      throw new AppError("BAD_REQUEST", SAML_PROVIDER_MESSAGES.certificateInvalid, [
        { path: `${path}.${index}`, message: SAML_PROVIDER_MESSAGES.certificateInvalid },
      ]);
    }
  });
}

export type SamlProviderWithOrganizations = SamlProviderRow & {
  organizations: { organization: { id: string; name: string } }[];
};

export const withOrganizations = {
  organizations: { include: { organization: { select: { id: true, name: true } } } },
} as const;

export function toSamlProvider(row: SamlProviderWithOrganizations): SamlProvider {
  return {
    id: row.id,
    name: row.name,
    idpEntityId: row.idpEntityId,
    ssoUrl: row.ssoUrl,
    ssoBinding: row.ssoBinding === "post" ? "post" : "redirect",
    certificates: row.certificates.map((pem) => samlCertificate(pem)),
    emailAttribute: row.emailAttribute,
    givenNameAttribute: row.givenNameAttribute,
    familyNameAttribute: row.familyNameAttribute,
    organizations: row.organizations
      .map(({ organization }) => ({ id: organization.id, name: organization.name }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    enabled: row.enabled,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
  };
}
