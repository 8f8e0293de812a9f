import { X509Certificate } from "node:crypto";
import { SAML_PROVIDER_MESSAGES } from "@signet/contract";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors/app-error.ts";
import { createDevelopmentSealP12, loadSealCredentials } from "../sealing/seal-credentials.ts";
import { parseSamlMetadata } from "./saml-metadata.ts";
import { readCertificates, samlCertificate } from "./saml-provider-views.ts";

// Issue 12 §3: IdP metadata read into a provider's fields, and certificates read with node:crypto
// (subject and validity, for the expiry warnings).

const credentials = loadSealCredentials(createDevelopmentSealP12("Metadata Test IdP", "x", 2), "x");
const pem = new X509Certificate(credentials.certificate).toString().trim();
const base64 = pem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, "");
const REDIRECT = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
const POST = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST";

function metadata({ bindings = [REDIRECT, POST], withCertificate = true } = {}) {
  const key = withCertificate
    ? `<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${base64}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`
    : "";
  const services = bindings
    .map(
      (binding) =>
        `<md:SingleSignOnService Binding="${binding}" Location="https://idp.example.com/sso/${binding.endsWith("Redirect") ? "redirect" : "post"}"/>`,
    )
    .join("");
  return `<?xml version="1.0"?><md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example.com/entity"><md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">${key}${services}</md:IDPSSODescriptor></md:EntityDescriptor>`;
}

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
  throw new Error("not refused");
}

describe("parseSamlMetadata", () => {
  it("reads the entity ID, the HTTP-Redirect SSO address and the signing certificate", () => {
    const parsed = parseSamlMetadata(metadata());
    expect(parsed.idpEntityId).toBe("https://idp.example.com/entity");
    expect(parsed.ssoUrl).toBe("https://idp.example.com/sso/redirect");
    expect(parsed.ssoBinding).toBe("redirect");
    expect(parsed.certificates.map((certificate) => certificate.pem)).toEqual([pem]);
    expect(parsed.certificates[0]!.subject).toContain("CN=Metadata Test IdP");
  });

  it("takes the HTTP-POST address when the provider offers no HTTP-Redirect one", () => {
    const parsed = parseSamlMetadata(metadata({ bindings: [POST] }));
    expect([parsed.ssoUrl, parsed.ssoBinding]).toEqual(["https://idp.example.com/sso/post", "post"]);
  });

  it.each([
    ["not metadata at all", "<html><body>Sign in</body></html>", SAML_PROVIDER_MESSAGES.metadataUnreadable],
    ["broken XML", "<md:EntityDescriptor", SAML_PROVIDER_MESSAGES.metadataUnreadable],
    ["no SSO address", metadata({ bindings: [] }), SAML_PROVIDER_MESSAGES.metadataNoSso],
    ["no signing certificate", metadata({ withCertificate: false }), SAML_PROVIDER_MESSAGES.metadataNoCertificate],
  ])("refuses %s in words", (_label, xml, message) => {
    expect(refusal(() => parseSamlMetadata(xml))).toBe(message);
  });
});

describe("samlCertificate", () => {
  it("reads the subject, the validity and the SHA-256 fingerprint", () => {
    const certificate = samlCertificate(pem);
    expect(new Date(certificate.validTo).getTime()).toBeGreaterThan(Date.now() + 365 * 86_400_000);
    expect(new Date(certificate.validFrom).getTime()).toBeLessThan(Date.now());
    expect(certificate.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  });

  it("names the certificate that is not one", () => {
    const bad = "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----";
    try {
      readCertificates([pem, bad]);
      expect.unreachable();
    } catch (error) {
      expect((error as AppError).details).toEqual([
        { path: "certificates.1", message: SAML_PROVIDER_MESSAGES.certificateInvalid },
      ]);
    }
  });
});
