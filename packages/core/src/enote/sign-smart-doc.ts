import type { KeyObject } from "node:crypto";
import { XMLSerializer } from "@xmldom/xmldom";
import { SignedXml } from "xml-crypto";
import { parseXmlSafely } from "./parse-xml-safely.ts";
import { type SignatureArea, signatureAreas, smartDocParts, XHTML_NS } from "./smart-doc-format.ts";

export const EXC_C14N = "http://www.w3.org/2001/10/xml-exc-c14n#";
export const RSA_SHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";
export const SHA256_DIGEST = "http://www.w3.org/2001/04/xmlenc#sha256";

/** What a borrower's signature area receives when the package is sealed. */
export interface AreaSignature {
  role: string;
  sequence: number;
  signerName: string;
  signedAt: Date;
  /** hex SHA-256 of the adopted signature image */
  imageSha256: string;
}

export interface XmlSealKey {
  privateKey: KeyObject;
  /** DER */
  certificate: Uint8Array;
}

const certificateBase64 = (der: Uint8Array) => Buffer.from(der).toString("base64");

/**
 * The tamper seal: an XML digital signature placed in SIGNATURES (enveloped in the document) with
 * one Reference to the VIEW by its ID, exclusive canonicalization, SHA-256 digest, RSA-SHA256, and
 * the signing certificate in KeyInfo/X509Data. Returns the signed XML text as xml-crypto wrote it.
 */
export function signViewXml(xml: string, viewId: string, credentials: XmlSealKey): string {
  const signer = new SignedXml({
    privateKey: credentials.privateKey,
    canonicalizationAlgorithm: EXC_C14N,
    signatureAlgorithm: RSA_SHA256,
    getKeyInfoContent: ({ prefix } = {}) => {
      const ns = prefix ? `${prefix}:` : "";
      return `<${ns}X509Data><${ns}X509Certificate>${certificateBase64(credentials.certificate)}</${ns}X509Certificate></${ns}X509Data>`;
    },
  });
  signer.addReference({
    xpath: `//*[local-name(.)='VIEW' and @ID='${viewId.replace(/'/g, "")}']`,
    transforms: [EXC_C14N],
    digestAlgorithm: SHA256_DIGEST,
  });
  signer.computeSignature(xml, {
    prefix: "ds",
    location: { reference: "/*[local-name(.)='SMART_DOCUMENT']/*[local-name(.)='SIGNATURES']", action: "append" },
  });
  return signer.getSignedXml();
}

function fillArea(area: SignatureArea, signature: AreaSignature) {
  const { element } = area;
  const document = element.ownerDocument;
  while (element.firstChild) element.removeChild(element.firstChild);
  const line = (className: string, text: string) => {
    const paragraph = document.createElementNS(XHTML_NS, "p");
    paragraph.setAttribute("class", className);
    paragraph.appendChild(document.createTextNode(text));
    element.appendChild(paragraph);
  };
  line("signet-signature", `/s/ ${signature.signerName}`);
  line("signet-signed-at", `Signed electronically on ${signature.signedAt.toISOString()}`);
  line("signet-signature-hash", `Signature image SHA-256: ${signature.imageSha256}`);
  element.setAttribute("data-signed", "true");
}

/**
 * The signed eNote (issue 15 §5 seal): each borrower's signature written into their signature area
 * of the VIEW and recorded as a SIGNATORY entry in SIGNATURES, then the tamper seal over the VIEW.
 * Earlier ds:Signature elements are kept as they were. Throws when a borrower area has no signature
 * (the package would not have completed) or the document cannot be read.
 */
export function sealSmartDoc(bytes: Uint8Array, signatures: AreaSignature[], credentials: XmlSealKey): Uint8Array {
  const parsed = parseXmlSafely(bytes);
  if (!parsed.ok) throw new Error(`eNote cannot be sealed: ${parsed.error}`);
  const parts = smartDocParts(parsed.document);
  const view = parts.views[0];
  const signaturesElement = parts.signatures[0];
  const viewId = view?.getAttribute("ID");
  if (!view || !viewId || !signaturesElement)
    throw new Error("eNote cannot be sealed: no VIEW with an ID or no SIGNATURES");
  for (const area of signatureAreas(view)) {
    const signature = signatures.find(
      (candidate) => candidate.role === area.role && candidate.sequence === area.sequence,
    );
    if (!signature) throw new Error(`eNote cannot be sealed: no signature for ${area.role} ${area.sequence}`);
    fillArea(area, signature);
    const entry = parsed.document.createElement("SIGNATORY");
    entry.setAttribute("RoleType", signature.role);
    entry.setAttribute("SequenceNumber", String(signature.sequence));
    entry.setAttribute("SignerName", signature.signerName);
    entry.setAttribute("SignedAt", signature.signedAt.toISOString());
    entry.setAttribute("SignatureImageSHA256", signature.imageSha256);
    signaturesElement.appendChild(entry);
  }
  const xml = new XMLSerializer().serializeToString(parsed.document as unknown as Node);
  return Buffer.from(signViewXml(xml, viewId, credentials), "utf8");
}
