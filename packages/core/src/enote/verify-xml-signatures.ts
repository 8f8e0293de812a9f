import { X509Certificate } from "node:crypto";
import { SignedXml } from "xml-crypto";
import { childElements, DSIG_NS, descendants } from "./smart-doc-format.ts";

export interface XmlSignatureCheck {
  /** 1-based position among the document's ds:Signature elements */
  index: number;
  /** what failed, one sentence each; empty when the signature verifies */
  failures: string[];
  certificate: X509Certificate | null;
}

const dsChild = (element: Element, name: string) =>
  childElements(element).find((child) => child.localName === name && child.namespaceURI === DSIG_NS) ?? null;

/** The first X509Certificate of a signature's KeyInfo, as DER. */
function keyInfoCertificate(signature: Element): Buffer | null {
  const keyInfo = dsChild(signature, "KeyInfo");
  const data = keyInfo ? dsChild(keyInfo, "X509Data") : null;
  const certificate = data ? dsChild(data, "X509Certificate") : null;
  const base64 = certificate?.textContent?.replace(/\s+/g, "") ?? "";
  return base64 ? Buffer.from(base64, "base64") : null;
}

const toPem = (der: Buffer) =>
  `-----BEGIN CERTIFICATE-----\n${der
    .toString("base64")
    .match(/.{1,64}/g)!
    .join("\n")}\n-----END CERTIFICATE-----\n`;

/**
 * Checks every ds:Signature of a parsed document (`text` is the same document as text: xml-crypto
 * canonicalizes from it): its certificate (present in KeyInfo, readable, valid now), the digest of
 * each Reference, and the signature value over SignedInfo with the certificate's key. Every failure is
 * reported; the checks of one signature do not stop at the first.
 */
export function verifyXmlSignatures(document: Document, text: string, now = new Date()): XmlSignatureCheck[] {
  const signatures = [...descendants(document)].filter(
    (element) => element.localName === "Signature" && element.namespaceURI === DSIG_NS,
  );
  return signatures.map((signature, position) => {
    const failures: string[] = [];
    const der = keyInfoCertificate(signature);
    let certificate: X509Certificate | null = null;
    if (!der) failures.push("its KeyInfo holds no X509 certificate");
    else {
      try {
        certificate = new X509Certificate(der);
      } catch {
        failures.push("its certificate cannot be read");
      }
    }
    if (certificate) {
      if (new Date(certificate.validFrom) > now)
        failures.push(`its certificate is not valid before ${certificate.validFrom}`);
      if (new Date(certificate.validTo) < now) failures.push(`its certificate expired on ${certificate.validTo}`);
    }
    if (certificate && der) {
      const verifier = new SignedXml({ publicCert: toPem(der), getCertFromKeyInfo: () => null });
      try {
        verifier.loadSignature(signature);
        if (!verifier.checkSignature(text)) {
          const uris = verifier
            .getReferences()
            .filter((reference) => reference.validationError)
            .map((reference) => reference.uri || "(whole document)");
          failures.push(
            `the digest of ${uris.length ? `its reference ${uris.join(", ")}` : "a reference"} does not match the signed content`,
          );
        }
      } catch (error) {
        const message = (error as Error).message ?? String(error);
        failures.push(
          /signature value/i.test(message)
            ? "its signature value does not verify with its certificate's key"
            : `it cannot be checked (${message.split("\n")[0]})`,
        );
      }
    }
    return { index: position + 1, failures, certificate };
  });
}
