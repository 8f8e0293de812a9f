import * as samlifyExports from "samlify";
import type { Config } from "../config/config.ts";
import type { SamlProvider as SamlProviderRow } from "../db/generated/client.ts";
import { samlAcsUrl, samlSpEntityId } from "./saml-provider-views.ts";

// samlify is CommonJS: Node's own loader (the compiled build) names only the exports its lexer
// finds, which leaves out IdPMetadata among others, so take the whole module object.
const samlify: typeof samlifyExports =
  (samlifyExports as typeof samlifyExports & { default?: typeof samlifyExports }).default ?? samlifyExports;

// samlify refuses to parse anything until a schema validator is set: every message is checked
// against the SAML XSDs (xmllint) before its signature is looked at. xmllint (compiled to
// JavaScript, with its schemas) costs 40 MB and half a second to load: it loads on the first message.
samlify.setSchemaValidator({
  validate: async (xml: string) => (await import("@authenio/samlify-node-xmllint")).validate(xml),
});

export { samlify };

export const SAML_BINDING = samlify.Constants.namespace.binding;
/** Clock difference tolerated between us and an identity provider on NotBefore/NotOnOrAfter. */
export const SAML_CLOCK_SKEW_MS = 60_000;

/** This installation as a service provider: assertions must be signed, responses come by POST. */
export function samlServiceProviderEntity(config: Config) {
  return samlify.ServiceProvider({
    entityID: samlSpEntityId(config),
    authnRequestsSigned: false,
    wantAssertionsSigned: true,
    nameIDFormat: ["urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress"],
    assertionConsumerService: [{ Binding: SAML_BINDING.post, Location: samlAcsUrl(config) }],
    clockDrifts: [-SAML_CLOCK_SKEW_MS, SAML_CLOCK_SKEW_MS],
  });
}

const xmlText = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * A stored provider as samlify's identity provider: its entity ID, SSO address and signing
 * certificates, as the metadata document samlify reads (built from options, samlify prints a
 * warning for the single logout service we do not use on every sign-in).
 */
export function samlIdentityProviderEntity(
  row: Pick<SamlProviderRow, "idpEntityId" | "ssoUrl" | "ssoBinding" | "certificates">,
) {
  const keys = row.certificates
    .map((pem) => pem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, ""))
    .map(
      (base64) =>
        `<md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${base64}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`,
    )
    .join("");
  const binding = row.ssoBinding === "post" ? SAML_BINDING.post : SAML_BINDING.redirect;
  const metadata = `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${xmlText(row.idpEntityId)}"><md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">${keys}<md:SingleSignOnService Binding="${binding}" Location="${xmlText(row.ssoUrl)}"/></md:IDPSSODescriptor></md:EntityDescriptor>`;
  return samlify.IdentityProvider({ metadata });
}
