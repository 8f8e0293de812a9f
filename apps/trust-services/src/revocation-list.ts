// CRLs (RFC 5280 §5) for the root (listing the issuing CA when it is revoked) and the issuing CA
// (listing the certificates it issued that are revoked), signed fresh at each request.
import * as pkijs from "pkijs";
import type { Authority, CertificateAuthority } from "./certificate-authority.ts";
import {
  contextPrimitive,
  der,
  explicit,
  integer,
  OID,
  octets,
  oid,
  seq,
  sha256WithRsa,
  signatureOver,
  x509Time,
} from "./der.ts";

/** How long a CRL is current: validators fetch a new one after this. */
const CRL_VALIDITY_MS = 24 * 60 * 60 * 1000;

export function revocationList(ca: CertificateAuthority, which: "root" | "issuing", now = new Date()): Buffer {
  const issuer: Authority = which === "root" ? ca.root : ca.issuing;
  const entries =
    which === "root"
      ? ca.issuingRevokedAt
        ? [{ serial: ca.issuing.x509.serialNumber, at: ca.issuingRevokedAt }]
        : []
      : ca.revoked.map((record) => ({ serial: record.serial, at: new Date(record.revokedAt!) }));
  const issuerName = pkijs.Certificate.fromBER(new Uint8Array(issuer.der)).subject.toSchema();
  const tbs = seq(
    integer(1), // v2: it has extensions
    sha256WithRsa(),
    issuerName,
    x509Time(now),
    x509Time(new Date(now.getTime() + CRL_VALIDITY_MS)),
    ...(entries.length > 0
      ? [seq(...entries.map((entry) => seq(integer(serialBytes(entry.serial)), x509Time(entry.at))))]
      : []),
    explicit(
      0,
      seq(
        // AuthorityKeyIdentifier { keyIdentifier [0] IMPLICIT OCTET STRING }
        seq(oid(OID.authorityKeyIdentifier), octets(der(seq(contextPrimitive(0, issuer.keyHash))))),
        // a CRL number that only grows: the time of issue in seconds
        seq(oid(OID.crlNumber), octets(der(integer(Math.floor(now.getTime() / 1000))))),
      ),
    ),
  );
  const tbsDer = der(tbs);
  return der(seq(tbs, sha256WithRsa(), signatureOver(tbsDer, issuer.key)));
}

/** A serial in hex as INTEGER content bytes (a leading zero byte where the top bit is set). */
export function serialBytes(hex: string): Uint8Array {
  let even = hex.length % 2 ? `0${hex}` : hex;
  if (Number.parseInt(even.slice(0, 2), 16) >= 0x80) even = `00${even}`;
  return Buffer.from(even, "hex");
}
