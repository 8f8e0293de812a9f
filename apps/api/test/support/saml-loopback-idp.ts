import { randomUUID, X509Certificate } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import * as xmllint from "@authenio/samlify-node-xmllint";
import { createDevelopmentSealP12, loadSealCredentials } from "@signet/core";
import * as samlify from "samlify";

// A real SAML 2.0 identity provider on loopback, made with samlify, for the API tests and the
// browser journey (issue 12 §3): it publishes its metadata, reads our AuthnRequest (HTTP-Redirect),
// shows a one-field login page, and answers with a signed Response posted back to our ACS. Options
// let a test break exactly one thing: the audience, the time window, the signature, the key.

samlify.setSchemaValidator(xmllint);

const BINDING = samlify.Constants.namespace.binding;
const EMAIL_FORMAT = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";
const PASSWORD_CLASS = "urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport";

export interface SamlResponseOptions {
  email: string;
  givenName?: string;
  familyName?: string;
  /** the audience named in the assertion (default: the service provider's entity ID) */
  audience?: string;
  notBefore?: Date;
  notOnOrAfter?: Date;
  authnContextClassRef?: string;
  /** change the signed assertion after signing (its NameID) */
  tamper?: string;
  /** sign with a key the service provider does not know */
  foreignKey?: boolean;
}

export interface SamlPost {
  acsUrl: string;
  SAMLResponse: string;
  RelayState: string;
}

export interface LoopbackSamlIdp {
  url: string;
  entityId: string;
  metadataUrl: string;
  metadataXml: string;
  certificatePem: string;
  /**
   * Answers an AuthnRequest (as the login page would, without a browser): the redirect URL of the
   * HTTP-Redirect binding, or the form fields of the HTTP-POST binding.
   */
  respond(
    request: string | { SAMLRequest: string; RelayState: string },
    serviceProviderMetadata: string,
    options: SamlResponseOptions,
  ): Promise<SamlPost>;
  /** the service provider metadata the login page answers for (set by the browser journey) */
  serviceProviderMetadata: string | null;
  close(): Promise<void>;
}

function keyPair(commonName: string) {
  const credentials = loadSealCredentials(createDevelopmentSealP12(commonName, "x", 5), "x");
  return {
    privateKey: credentials.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    certificatePem: new X509Certificate(credentials.certificate).toString().trim(),
  };
}

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

export async function startLoopbackSamlIdp(): Promise<LoopbackSamlIdp> {
  const own = keyPair("Loopback SAML IdP");
  const foreign = keyPair("Someone else");
  let server: Server | undefined;
  const state = { url: "", entityId: "" };

  const identityProvider = (key: { privateKey: string; certificatePem: string }) =>
    samlify.IdentityProvider({
      entityID: state.entityId,
      privateKey: key.privateKey,
      signingCert: key.certificatePem,
      nameIDFormat: [EMAIL_FORMAT],
      wantAuthnRequestsSigned: false,
      singleSignOnService: [
        { Binding: BINDING.redirect, Location: `${state.url}/sso` },
        { Binding: BINDING.post, Location: `${state.url}/sso` },
      ],
    });

  async function respond(
    incoming: string | { SAMLRequest: string; RelayState: string },
    spMetadata: string,
    options: SamlResponseOptions,
  ): Promise<SamlPost> {
    const sp = samlify.ServiceProvider({ metadata: spMetadata });
    const idp = identityProvider(own);
    const relayState =
      typeof incoming === "string" ? (new URL(incoming).searchParams.get("RelayState") ?? "") : incoming.RelayState;
    const request =
      typeof incoming === "string"
        ? await idp.parseLoginRequest(sp, "redirect", { query: Object.fromEntries(new URL(incoming).searchParams) })
        : await idp.parseLoginRequest(sp, "post", { body: { SAMLRequest: incoming.SAMLRequest } });
    const requestId = String((request.extract.request as Record<string, unknown>).id);
    const signer = options.foreignKey ? identityProvider(foreign) : idp;
    const acsUrl = sp.entityMeta.getAssertionConsumerService("post") as string;
    const built = await signer.createLoginResponse(
      sp,
      // samlify types the parsed request (FlowResult) apart from what it takes back (RequestInfo)
      request as unknown as Parameters<typeof signer.createLoginResponse>[1],
      "post",
      { email: options.email },
      (template: string) => {
        const now = new Date();
        const end = options.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000);
        const id = `_${randomUUID()}`;
        const attributes = [
          ["http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress", options.email],
          ["http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname", options.givenName ?? "Sam"],
          ["http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname", options.familyName ?? "Lee"],
        ]
          .map(
            ([name, value]) =>
              `<saml:Attribute Name="${escapeXml(name!)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:uri"><saml:AttributeValue xsi:type="xs:string">${escapeXml(value!)}</saml:AttributeValue></saml:Attribute>`,
          )
          .join("");
        const withStatements = template
          .replace(
            "{AuthnStatement}",
            `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_${randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>${escapeXml(options.authnContextClassRef ?? PASSWORD_CLASS)}</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`,
          )
          .replace("{AttributeStatement}", `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>`);
        const context = samlify.SamlLib.replaceTagsByValue(withStatements, {
          ID: id,
          AssertionID: `_${randomUUID()}`,
          Destination: acsUrl,
          Audience: options.audience ?? sp.entityMeta.getEntityID(),
          SubjectRecipient: acsUrl,
          Issuer: state.entityId,
          IssueInstant: now.toISOString(),
          StatusCode: "urn:oasis:names:tc:SAML:2.0:status:Success",
          ConditionsNotBefore: (options.notBefore ?? new Date(now.getTime() - 1000)).toISOString(),
          ConditionsNotOnOrAfter: end.toISOString(),
          SubjectConfirmationDataNotOnOrAfter: end.toISOString(),
          NameIDFormat: EMAIL_FORMAT,
          NameID: options.email,
          InResponseTo: requestId,
        });
        return { id, context };
      },
    );
    let SAMLResponse = built.context;
    if (options.tamper) {
      const xml = Buffer.from(SAMLResponse, "base64").toString("utf8");
      const changed = xml.replace(`>${options.email}</saml:NameID>`, `>${options.tamper}</saml:NameID>`);
      if (changed === xml) throw new Error("nothing to tamper with");
      SAMLResponse = Buffer.from(changed, "utf8").toString("base64");
    }
    return { acsUrl, SAMLResponse, RelayState: relayState };
  }

  const idp: LoopbackSamlIdp = {
    url: "",
    entityId: "",
    metadataUrl: "",
    metadataXml: "",
    certificatePem: own.certificatePem,
    respond,
    serviceProviderMetadata: null,
    close: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };

  server = createServer((request, reply) => {
    const url = new URL(request.url ?? "/", state.url);
    const html = (status: number, body: string) =>
      reply
        .writeHead(status, { "content-type": "text/html; charset=utf-8" })
        .end(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Loopback IdP</title></head><body><main>${body}</main></body></html>`,
        );
    if (request.method === "GET" && url.pathname === "/metadata") {
      reply.writeHead(200, { "content-type": "application/samlmetadata+xml" }).end(idp.metadataXml);
      return;
    }
    if (request.method === "GET" && url.pathname === "/sso") {
      // the login page: one field, the way back kept in hidden fields
      html(
        200,
        `<h1>Loopback IdP</h1><form method="post" action="/login"><input type="hidden" name="redirect" value="${escapeXml(url.href)}"><label>Email <input name="email" type="email"></label><button type="submit">Sign in at the IdP</button></form>`,
      );
      return;
    }
    if (request.method === "POST" && url.pathname === "/login") {
      void readForm(request)
        .then(async (form) => {
          if (!idp.serviceProviderMetadata) throw new Error("no service provider metadata");
          const post = await respond(form.get("redirect") ?? "", idp.serviceProviderMetadata, {
            email: form.get("email") ?? "",
          });
          html(
            200,
            `<form id="back" method="post" action="${escapeXml(post.acsUrl)}"><input type="hidden" name="SAMLResponse" value="${escapeXml(post.SAMLResponse)}"><input type="hidden" name="RelayState" value="${escapeXml(post.RelayState)}"><button type="submit">Continue to the service</button></form><script>document.getElementById("back").submit()</script>`,
          );
        })
        .catch((error: unknown) => html(400, `<p>${escapeXml(String(error))}</p>`));
      return;
    }
    reply.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  state.url = `http://127.0.0.1:${port}`;
  state.entityId = `${state.url}/metadata`;
  idp.url = state.url;
  idp.entityId = state.entityId;
  idp.metadataUrl = `${state.url}/metadata`;
  idp.metadataXml = identityProvider(own).getMetadata();
  return idp;
}
