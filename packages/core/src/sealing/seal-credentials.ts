import {
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  X509Certificate,
} from "node:crypto";
import forge from "node-forge";

/** An unlocked seal: load it once per process and reuse it, unlocking a P12 costs a PBKDF2 run. */
export interface SealCredentials {
  privateKey: KeyObject;
  /** the signer's certificate, DER */
  certificate: Uint8Array;
  /** the issuers' certificates, DER, without the leaf (nearest issuer first) */
  chain: Uint8Array[];
  /** the subject as "CN=…, O=…", in the certificate's order */
  subject: string;
  notAfter: Date;
  /** lowercase hex, no colons */
  fingerprintSha256: string;
}

const UNREADABLE = "The seal certificate could not be read: wrong password or not a PKCS#12 file.";
// Microsoft's "Document Signing" EKU: Adobe and Windows accept it for document signatures.
const DOCUMENT_SIGNING_EKU = "1.3.6.1.4.1.311.10.3.12";

/**
 * Opens a PKCS#12 with node-forge (node:crypto cannot read one) and hands the key to node:crypto,
 * so signing afterwards runs natively and never unlocks the file again.
 */
export function loadSealCredentials(p12: Uint8Array, password: string): SealCredentials {
  let keys: KeyObject[];
  let certificates: X509Certificate[];
  try {
    const der = forge.util.createBuffer(Buffer.from(p12.buffer, p12.byteOffset, p12.byteLength).toString("binary"));
    const pfx = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(der), false, password);
    const bags = pfx.safeContents.flatMap((contents) => contents.safeBags);
    keys = bags
      .filter((bag) => bag.type === forge.pki.oids.pkcs8ShroudedKeyBag || bag.type === forge.pki.oids.keyBag)
      .map(toKeyObject);
    certificates = bags.filter((bag) => bag.type === forge.pki.oids.certBag).map(toX509);
  } catch (cause) {
    throw new Error(UNREADABLE, { cause });
  }
  for (const privateKey of keys) {
    const leaf = certificates.find((certificate) => certificate.checkPrivateKey(privateKey));
    if (!leaf) continue;
    return {
      privateKey,
      certificate: new Uint8Array(leaf.raw),
      chain: issuerChain(
        leaf,
        certificates.filter((certificate) => certificate !== leaf),
      ).map((certificate) => new Uint8Array(certificate.raw)),
      subject: leaf.subject.split("\n").join(", "),
      notAfter: new Date(leaf.validTo),
      fingerprintSha256: createHash("sha256").update(leaf.raw).digest("hex"),
    };
  }
  // a P12 without a key, or with a wrong password and no MAC, decrypts to nothing usable
  throw new Error(UNREADABLE);
}

function toKeyObject(bag: forge.pkcs12.Bag): KeyObject {
  if (bag.key) return createPrivateKey(forge.pki.privateKeyToPem(bag.key));
  // forge parses RSA keys only and passes other key types (EC) through as PKCS#8 ASN.1
  if (bag.asn1) return createPrivateKey({ key: asn1ToBuffer(bag.asn1), format: "der", type: "pkcs8" });
  throw new Error("empty key bag");
}

function toX509(bag: forge.pkcs12.Bag): X509Certificate {
  const asn1 = bag.cert ? forge.pki.certificateToAsn1(bag.cert) : bag.asn1;
  return new X509Certificate(asn1ToBuffer(asn1));
}

function asn1ToBuffer(asn1: forge.asn1.Asn1): Buffer {
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary");
}

/** Orders the other certificates from the leaf's issuer upwards; strays that issue nothing go last. */
function issuerChain(leaf: X509Certificate, others: X509Certificate[]): X509Certificate[] {
  const ordered: X509Certificate[] = [];
  const left = [...others];
  let current = leaf;
  for (;;) {
    const index = left.findIndex((candidate) => current.checkIssued(candidate) && candidate !== current);
    if (index < 0) break;
    current = left.splice(index, 1)[0]!;
    ordered.push(current);
  }
  return [...ordered, ...left];
}

/**
 * A self-signed seal certificate for development and tests (production seals use the
 * organization's or the system's certificate from a CA). 3DES keeps it readable by older tools.
 */
export function createDevelopmentSealP12(commonName: string, password: string, validYears = 3): Uint8Array {
  // node:crypto generates the key natively: forge's JavaScript RSA generation takes seconds
  const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const privateKey = forge.pki.privateKeyFromPem(pair.privateKey.export({ type: "pkcs1", format: "pem" }).toString());
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(pair.publicKey.export({ type: "spki", format: "pem" }).toString());
  const serial = randomBytes(16);
  // a positive INTEGER without a leading zero byte: clear the sign bit, keep the top byte non-zero
  serial[0] = (serial[0]! & 0x7f) | 0x40;
  certificate.serialNumber = serial.toString("hex");
  const now = Date.now();
  // backdated a little so a clock slightly behind the signer's does not see a future certificate
  certificate.validity.notBefore = new Date(now - 60 * 60 * 1000);
  certificate.validity.notAfter = new Date(now + validYears * 365.25 * 24 * 60 * 60 * 1000);
  // UTF8String keeps non-ASCII names intact (forge defaults to PrintableString); the typings declare
  // valueTagClass as an asn1.Class although forge reads it as the universal tag type
  const utf8 = forge.asn1.Type.UTF8 as unknown as forge.asn1.Class;
  const name: forge.pki.CertificateField[] = [
    { shortName: "CN", value: commonName, valueTagClass: utf8 },
    { shortName: "O", value: "Signet development seal", valueTagClass: utf8 },
  ];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", critical: true, digitalSignature: true, nonRepudiation: true },
    { name: "extKeyUsage", emailProtection: true, [DOCUMENT_SIGNING_EKU]: true },
    { name: "subjectKeyIdentifier" },
  ]);
  certificate.sign(privateKey, forge.md.sha256.create());
  const pfx = forge.pkcs12.toPkcs12Asn1(privateKey, [certificate], password, {
    algorithm: "3des",
    friendlyName: "Signet development seal",
    generateLocalKeyId: true,
  });
  return new Uint8Array(asn1ToBuffer(pfx));
}
