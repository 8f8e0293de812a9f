import { z } from "zod";
import { ID } from "./ids.ts";
import { versionQuerySchema } from "./paging.ts";
import { recordCreatedAt, recordVersion } from "./record-fields.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";

// SAML 2.0 identity providers (issue 12 §3; spec §2 saml-providers pages, §7 SAML provider
// connections). Support users manage them for the whole installation and name the organizations
// that use each one; those organizations' staff sign in with SP-initiated SSO (HTTP-Redirect
// AuthnRequest, HTTP-POST response with a signed assertion).

/** Where identity providers post their responses (the Assertion Consumer Service). */
export const SAML_ACS_PATH = "/api/v1/saml/acs";
/** Our entity ID (the audience identity providers must name), below the public URL: stable as long as that is. */
export const SAML_SP_ENTITY_PATH = "/saml/sp";

export const SAML_NAME_ID = "NameID";
export const SAML_ATTRIBUTE_DEFAULTS = {
  emailAttribute: SAML_NAME_ID,
  givenNameAttribute: "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname",
  familyNameAttribute: "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname",
} as const;

/** How the AuthnRequest travels to the identity provider's SSO address. */
export const SAML_SSO_BINDINGS = ["redirect", "post"] as const;
export type SamlSsoBinding = (typeof SAML_SSO_BINDINGS)[number];

/** A certificate that expires within this many days gets a warning. */
export const SAML_CERTIFICATE_WARNING_DAYS = 30;

export const SAML_PROVIDER_MESSAGES = {
  notFound: "SAML provider not found",
  supportOnly: "Only support users manage SAML providers",
  certificateInvalid: "This is not a PEM certificate (it starts with -----BEGIN CERTIFICATE-----)",
  certificateRequired: "Add the identity provider's signing certificate",
  organizationNotFound: "One of those organizations does not exist",
  metadataUnreadable: "This is not SAML identity provider metadata (an EntityDescriptor with an IDPSSODescriptor).",
  metadataFetchFailed: "The metadata could not be downloaded from that address.",
  metadataNoSso: "This identity provider offers no single sign-on address with the HTTP-Redirect or HTTP-POST binding.",
  metadataNoCertificate: "The metadata names no signing certificate.",
  metadataSource: "Give either the metadata address or the metadata file",
  ssoUrlNotHttps: "The single sign-on URL must be an https:// address (http:// only on this machine)",
  /** shown on the page the ACS answers with */
  signInExpired: "This sign-in has expired or was already used. Start again from the sign-in page.",
  otherBrowser: "This sign-in was started in another browser. Start again from the sign-in page.",
  providerUnavailable: "This sign-in option is not available. Sign in another way or ask your administrator.",
  answerNotTrusted:
    "The identity provider's answer could not be verified, so you were not signed in. Try again; if it happens again, tell your administrator.",
  providerRefused: "The identity provider did not sign you in.",
  answerNotForUs: "The identity provider's answer was meant for another service, so you were not signed in.",
  answerExpired: "The identity provider's answer has expired, so you were not signed in. Start again.",
  replayed: "This answer from the identity provider was already used, so you were not signed in. Start again.",
  emailMissing:
    "Your identity provider did not send an email address, so you were not signed in. Ask your administrator.",
  noAccount: "There is no account for you in this organization. Ask your administrator to invite you.",
  notEnabled: "Your account is not enabled in this organization. Ask your administrator.",
} as const;

const isLoopback = (host: string) => host === "localhost" || host === "127.0.0.1" || host === "[::1]";

/** Why an SSO URL is not acceptable, or null. Plain http is allowed on loopback only (local tests). */
export function samlUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "Enter a full address, e.g. https://idp.example.com/sso";
  }
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && isLoopback(url.hostname)) return null;
  return SAML_PROVIDER_MESSAGES.ssoUrlNotHttps;
}

/**
 * Whether the identity provider says the person signed in with more than a password, from the
 * assertion's AuthnContextClassRef values (SAML 2.0 Authentication Context classes and the REFEDS
 * MFA profile). Unknown or password-only classes say no.
 */
export function samlAssertsMultiFactor(authnContextClassRefs: string[]): boolean {
  return authnContextClassRefs.some((ref) => MULTI_FACTOR_CLASSES.has(ref.trim()));
}

const SAML_AC = "urn:oasis:names:tc:SAML:2.0:ac:classes:";
const MULTI_FACTOR_CLASSES = new Set([
  "https://refeds.org/profile/mfa",
  "http://schemas.microsoft.com/claims/multipleauthn",
  ...[
    "MobileTwoFactorContract",
    "MobileTwoFactorUnregistered",
    "TimeSyncToken",
    "Smartcard",
    "SmartcardPKI",
    "SoftwarePKI",
    "X509",
    "TLSClient",
  ].map((name) => `${SAML_AC}${name}`),
]);

export type CertificateExpiry = "valid" | "expiring" | "expired";

/** How close a certificate is to its end: the list and the editor warn before sign-ins start failing. */
export function certificateExpiry(validTo: string | Date, now: Date = new Date()): CertificateExpiry {
  const end = new Date(validTo).getTime();
  if (end <= now.getTime()) return "expired";
  if (end - now.getTime() <= SAML_CERTIFICATE_WARNING_DAYS * 86_400_000) return "expiring";
  return "valid";
}

export const samlCertificateSchema = z
  .object({
    pem: z.string().describe("The certificate, PEM-encoded"),
    subject: z.string().describe("The certificate's subject, e.g. CN=idp.example.com"),
    validFrom: z.string().describe("When the certificate starts being valid (ISO 8601 time)"),
    validTo: z.string().describe("After this time responses signed with it are no longer accepted by most providers"),
    fingerprint: z.string().describe("SHA-256 fingerprint"),
  })
  .meta({ id: "SamlCertificate", description: "A certificate the identity provider signs its responses with" });
export type SamlCertificate = z.infer<typeof samlCertificateSchema>;

export const samlProviderSchema = z
  .object({
    id: z.uuid().describe("The SAML identity provider's id"),
    name: z.string().describe('Shown on the sign-in button: "Sign in with <name>"'),
    idpEntityId: z.string().describe("The identity provider's entity ID (the Issuer of its responses)"),
    ssoUrl: z.string().describe("The identity provider's single sign-on address"),
    ssoBinding: z.enum(SAML_SSO_BINDINGS).describe("How the AuthnRequest is sent there: HTTP-Redirect or HTTP-POST"),
    certificates: z
      .array(samlCertificateSchema)
      .describe("The certificates a response may be signed with (more than one during a rollover)"),
    emailAttribute: z.string().describe('"NameID" or the attribute holding the email address'),
    givenNameAttribute: z.string().describe("The attribute holding the given name"),
    familyNameAttribute: z.string().describe("The attribute holding the family name"),
    organizations: z
      .array(z.object({ id: ID.organizationId, name: z.string().describe("The organization's name") }))
      .describe("The organizations whose members may sign in through the provider"),
    enabled: z.boolean().describe("People may sign in through it"),
    version: recordVersion,
    createdAt: recordCreatedAt,
  })
  .meta({ id: "SamlProvider" });
export type SamlProvider = z.infer<typeof samlProviderSchema>;

export const samlProviderListSchema = z
  .object({
    records: z.array(samlProviderSchema).describe("Every SAML identity provider of the installation"),
    count: z.number().int().describe("Total number of records"),
  })
  .meta({ id: "SamlProviderList" });
export type SamlProviderList = z.infer<typeof samlProviderListSchema>;

const name = z
  .string()
  .trim()
  .min(1, "Enter a name")
  .max(100)
  .describe('Shown on the sign-in button: "Sign in with <name>" (1–100 characters)');
const idpEntityId = z
  .string()
  .trim()
  .min(1, "Enter the identity provider's entity ID")
  .max(500)
  .describe("The identity provider's entity ID (the Issuer of its responses)");
const ssoUrl = z
  .string()
  .trim()
  .min(1, "Enter the single sign-on URL")
  .max(1000)
  .refine((value) => samlUrlProblem(value) === null, { error: (issue) => samlUrlProblem(String(issue.input)) ?? "" })
  .describe("The identity provider's single sign-on address");
const pem = z
  .string()
  .trim()
  .max(20_000)
  .regex(/^-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----$/, SAML_PROVIDER_MESSAGES.certificateInvalid);
const certificates = z
  .array(pem)
  .min(1, SAML_PROVIDER_MESSAGES.certificateRequired)
  .max(5)
  .describe("1 to 5 PEM certificates (-----BEGIN CERTIFICATE-----…) the responses may be signed with");
const attribute = z
  .string()
  .trim()
  .min(1, "Enter the attribute name")
  .max(300)
  .regex(/^[A-Za-z0-9_:.\-/#]+$/, "An attribute name has letters, digits and _ : . - / # only");
const organizationIds = z
  .array(z.uuid())
  .max(500)
  .describe("The organizations whose members may sign in through the provider");

export const createSamlProviderSchema = z
  .object({
    name,
    idpEntityId,
    ssoUrl,
    ssoBinding: z
      .enum(SAML_SSO_BINDINGS)
      .default("redirect")
      .describe("How the AuthnRequest is sent: redirect (HTTP-Redirect, the default) or post (HTTP-POST)"),
    certificates,
    emailAttribute: attribute
      .default(SAML_ATTRIBUTE_DEFAULTS.emailAttribute)
      .describe(
        `"NameID" or the attribute holding the email address (default ${SAML_ATTRIBUTE_DEFAULTS.emailAttribute})`,
      ),
    givenNameAttribute: attribute
      .default(SAML_ATTRIBUTE_DEFAULTS.givenNameAttribute)
      .describe("The attribute holding the given name"),
    familyNameAttribute: attribute
      .default(SAML_ATTRIBUTE_DEFAULTS.familyNameAttribute)
      .describe("The attribute holding the family name"),
    organizationIds: organizationIds.default([]),
    enabled: z.boolean().default(true).describe("People may sign in through it (default true)"),
  })
  .meta({ id: "CreateSamlProvider" });
export type CreateSamlProvider = z.infer<typeof createSamlProviderSchema>;

export const updateSamlProviderSchema = z
  .object({
    version: z
      .number()
      .int()
      .min(1)
      .describe(
        "The version last read (optimistic locking): if someone changed the record since, the request answers 409",
      ),
    name: name.optional(),
    idpEntityId: idpEntityId.optional(),
    ssoUrl: ssoUrl.optional(),
    ssoBinding: z.enum(SAML_SSO_BINDINGS).optional().describe("How the AuthnRequest is sent: redirect or post"),
    certificates: certificates.optional(),
    emailAttribute: attribute.optional().describe('"NameID" or the attribute holding the email address'),
    givenNameAttribute: attribute.optional().describe("The attribute holding the given name"),
    familyNameAttribute: attribute.optional().describe("The attribute holding the family name"),
    organizationIds: organizationIds.optional(),
    enabled: z.boolean().optional().describe("People may sign in through it"),
  })
  .meta({ id: "UpdateSamlProvider" });
export type UpdateSamlProvider = z.infer<typeof updateSamlProviderSchema>;

export const importSamlMetadataSchema = z
  .object({
    url: z.string().trim().max(1000).optional().describe("Where the identity provider publishes its metadata"),
    xml: z.string().max(500_000).optional().describe("The metadata file's contents"),
  })
  .refine((value) => Boolean(value.url) !== Boolean(value.xml), { error: SAML_PROVIDER_MESSAGES.metadataSource })
  .meta({ id: "ImportSamlMetadata" });
export type ImportSamlMetadata = z.infer<typeof importSamlMetadataSchema>;

export const importedSamlMetadataSchema = z
  .object({
    idpEntityId: z.string().describe("The identity provider's entity ID read from the metadata"),
    ssoUrl: z.string().describe("The single sign-on address read from the metadata"),
    ssoBinding: z.enum(SAML_SSO_BINDINGS).describe("HTTP-Redirect when the provider offers it, else HTTP-POST"),
    certificates: z.array(samlCertificateSchema).describe("The signing certificates read from the metadata"),
  })
  .meta({ id: "ImportedSamlMetadata" });
export type ImportedSamlMetadata = z.infer<typeof importedSamlMetadataSchema>;

export const samlServiceProviderSchema = z
  .object({
    entityId: z.string().describe("Our entity ID: the audience the identity provider must name"),
    acsUrl: z.string().describe("Assertion Consumer Service URL (HTTP-POST binding)"),
    metadataXml: z.string().describe("Service provider metadata to give to the identity provider"),
  })
  .meta({ id: "SamlServiceProvider" });
export type SamlServiceProvider = z.infer<typeof samlServiceProviderSchema>;

export const samlSignInProviderListSchema = z
  .object({
    records: z
      .array(
        z.object({
          id: ID.samlProviderId,
          name: z.string().describe('Shown on the sign-in button: "Sign in with <name>"'),
        }),
      )
      .describe("The enabled SAML providers people may sign in through"),
  })
  .meta({ id: "SamlSignInProviderList" });
export type SamlSignInProviderList = z.infer<typeof samlSignInProviderListSchema>;

export const startSamlSignInQuerySchema = z.object({
  returnUrl: z.string().max(2000).optional().describe("Where to go after signing in (a path of this app)"),
});

export const samlAcsBodySchema = z
  .object({
    SAMLResponse: z.string().min(1).max(400_000).describe("The identity provider's signed response, base64-encoded"),
    RelayState: z.string().max(500).optional().describe("The relay state Signet sent with the request, returned as is"),
  })
  .meta({ id: "SamlAcsForm" });

const providerParams = z.object({ samlProviderId: ID.samlProviderId });
const common = { base: "api", version: 1, auth: "user", tags: ["saml-providers"] } as const;

export const samlProviderRoutes = {
  listSamlProviders: define({
    ...common,
    method: "GET",
    path: "/saml-providers",
    summary: "Support users: every SAML identity provider of the installation",
    response: samlProviderListSchema,
    status: 200,
  }),
  createSamlProvider: define({
    ...common,
    method: "POST",
    path: "/saml-providers",
    summary: "Support users: add a SAML identity provider",
    body: createSamlProviderSchema,
    response: samlProviderSchema,
    status: 201,
  }),
  getSamlProvider: define({
    ...common,
    method: "GET",
    path: "/saml-providers/:samlProviderId",
    summary: "Support users: one SAML identity provider",
    params: providerParams,
    response: samlProviderSchema,
    status: 200,
  }),
  updateSamlProvider: define({
    ...common,
    method: "PATCH",
    path: "/saml-providers/:samlProviderId",
    summary: "Support users: change a SAML identity provider (certificates, organizations, enabled…)",
    params: providerParams,
    body: updateSamlProviderSchema,
    response: samlProviderSchema,
    status: 200,
  }),
  deleteSamlProvider: define({
    ...common,
    method: "DELETE",
    path: "/saml-providers/:samlProviderId",
    summary: "Support users: remove a SAML identity provider",
    params: providerParams,
    query: versionQuerySchema,
    response: null,
    status: 204,
  }),
  importSamlMetadata: define({
    ...common,
    method: "POST",
    path: "/saml/metadata-imports",
    summary:
      "Support users: read an identity provider's metadata (from its address or a file) into entity ID, SSO URL and certificates; saves nothing",
    body: importSamlMetadataSchema,
    response: importedSamlMetadataSchema,
    status: 200,
  }),
  getSamlServiceProvider: define({
    ...common,
    method: "GET",
    path: "/saml/service-provider",
    summary: "Support users: this installation's service provider metadata, to give to identity providers",
    response: samlServiceProviderSchema,
    status: 200,
  }),
  listSamlSignInProviders: define({
    base: "api",
    version: 1,
    auth: "none",
    tags: ["saml-providers"],
    method: "GET",
    path: "/organizations/:orgId/saml-sign-in-providers",
    summary:
      "Public: the enabled SAML providers the sign-in page offers for an organization (empty for an unknown organization)",
    params: z.object({ orgId: ID.orgId }),
    response: samlSignInProviderListSchema,
    status: 200,
  }),
  startSamlSignIn: define({
    base: "api",
    version: 1,
    auth: "none",
    tags: ["saml-providers"],
    method: "GET",
    path: "/organizations/:orgId/saml-providers/:samlProviderId/sign-in",
    summary:
      "Public: starts a sign-in through the SAML provider: redirects the browser to it with an AuthnRequest (HTTP-Redirect binding), or answers a page that posts the AuthnRequest to it (HTTP-POST binding, status 200, text/html)",
    params: z.object({ orgId: ID.orgId, samlProviderId: ID.samlProviderId }),
    query: startSamlSignInQuerySchema,
    response: null,
    status: 302,
  }),
  samlAcs: define({
    base: "api",
    version: 1,
    auth: "none",
    tags: ["saml-providers"],
    method: "POST",
    path: "/saml/acs",
    summary:
      "Public: the Assertion Consumer Service identity providers post their response to; signs in and redirects into the app, or answers a page saying why not",
    body: samlAcsBodySchema,
    bodyType: "form",
    response: null,
    status: 303,
  }),
} as const satisfies Record<string, RouteDef>;
