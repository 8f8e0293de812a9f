import * as xmllint from "@authenio/samlify-node-xmllint";
import * as samlify from "samlify";
import type { Config } from "../config/config.ts";
import type { SamlProvider as SamlProviderRow } from "../db/generated/client.ts";
import { samlAcsUrl, samlSpEntityId } from "./saml-provider-views.ts";

// samlify refuses to parse anything until a schema validator is set: every message is checked
// against the SAML XSDs (xmllint) before its signature is looked at.
samlify.setSchemaValidator(xmllint);

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

/** A stored provider as samlify's identity provider: its entity ID, SSO address and signing certificates. */
export function samlIdentityProviderEntity(
  row: Pick<SamlProviderRow, "idpEntityId" | "ssoUrl" | "ssoBinding" | "certificates">,
) {
  return samlify.IdentityProvider({
    entityID: row.idpEntityId,
    signingCert: row.certificates,
    wantAuthnRequestsSigned: false,
    singleSignOnService: [
      { Binding: row.ssoBinding === "post" ? SAML_BINDING.post : SAML_BINDING.redirect, Location: row.ssoUrl },
    ],
  });
}
