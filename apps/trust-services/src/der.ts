// The few ASN.1 shapes the trust services write, built with asn1js directly: the OCSP, CRL and
// timestamp structures are short, and building them by hand keeps every byte that gets signed
// under this code's control (pkijs re-encodes some of them from caches).

import type { KeyObject } from "node:crypto";
import { sign } from "node:crypto";
import * as asn1js from "asn1js";

export const OID = {
  sha1: "1.3.14.3.2.26",
  sha256: "2.16.840.1.101.3.4.2.1",
  sha384: "2.16.840.1.101.3.4.2.2",
  sha512: "2.16.840.1.101.3.4.2.3",
  sha256WithRsa: "1.2.840.113549.1.1.11",
  rsaEncryption: "1.2.840.113549.1.1.1",
  data: "1.2.840.113549.1.7.1",
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingTime: "1.2.840.113549.1.9.5",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  tstInfo: "1.2.840.113549.1.9.16.1.4",
  ocspBasic: "1.3.6.1.5.5.7.48.1.1",
  ocspNonce: "1.3.6.1.5.5.7.48.1.2",
  authorityKeyIdentifier: "2.5.29.35",
  crlNumber: "2.5.29.20",
} as const;

export const seq = (...value: asn1js.AsnType[]) => new asn1js.Sequence({ value });
export const set = (...value: asn1js.AsnType[]) => new asn1js.Set({ value });
export const oid = (value: string) => new asn1js.ObjectIdentifier({ value });
export const octets = (value: Uint8Array) => new asn1js.OctetString({ valueHex: value });
export const integer = (value: Uint8Array | number) =>
  typeof value === "number" ? new asn1js.Integer({ value }) : new asn1js.Integer({ valueHex: value });
/** [tag] EXPLICIT */
export const explicit = (tag: number, ...value: asn1js.AsnType[]) =>
  new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: tag }, value });
/** [tag] IMPLICIT over a primitive value (e.g. an OCTET STRING's bytes) */
export const contextPrimitive = (tag: number, value: Uint8Array) =>
  new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: tag }, valueHex: value });
/** An element already DER-encoded elsewhere, written back byte for byte. */
export const raw = (der: Uint8Array) => {
  const parsed = asn1js.fromBER(der);
  if (parsed.offset === -1) throw new Error("not BER");
  return parsed.result;
};
export const der = (value: asn1js.AsnType) => Buffer.from(value.toBER());

const wholeSeconds = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000);
export const generalizedTime = (date: Date) => new asn1js.GeneralizedTime({ valueDate: wholeSeconds(date) });
/** X.509 Time: UTCTime through 2049, GeneralizedTime after (RFC 5280 §4.1.2.5). */
export const x509Time = (date: Date) =>
  date.getUTCFullYear() < 2050 ? new asn1js.UTCTime({ valueDate: wholeSeconds(date) }) : generalizedTime(date);

export const sha256WithRsa = () => seq(oid(OID.sha256WithRsa), new asn1js.Null());
export const digestAlgorithm = (id: string) => seq(oid(id), new asn1js.Null());

/** `tbs` signed with RSA and SHA-256: the value of the BIT STRING that follows it. */
export function signatureOver(tbs: Uint8Array, key: KeyObject): asn1js.BitString {
  return new asn1js.BitString({ valueHex: sign("sha256", tbs, key) });
}

/** The node:crypto name of a digest algorithm OID, or null for one this service does not answer. */
export function digestName(algorithm: string): string | null {
  return (
    (
      { [OID.sha1]: "sha1", [OID.sha256]: "sha256", [OID.sha384]: "sha384", [OID.sha512]: "sha512" } as Record<
        string,
        string
      >
    )[algorithm] ?? null
  );
}
