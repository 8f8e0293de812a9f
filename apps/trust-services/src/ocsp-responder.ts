// An OCSP responder (RFC 6960) for the certificates the reference CA issued. Each CA answers for
// the certificates it issued and signs the answer itself (§4.2.2.2), so no delegated responder
// certificate has to be trusted or checked.
import { createHash } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { type Authority, type CertificateAuthority, normalSerial } from "./certificate-authority.ts";
import {
  contextPrimitive,
  der,
  digestName,
  explicit,
  generalizedTime,
  OID,
  oid,
  raw,
  seq,
  sha256WithRsa,
  signatureOver,
} from "./der.ts";

/** How long an answer is current (its nextUpdate). */
const RESPONSE_VALIDITY_MS = 24 * 60 * 60 * 1000;
const MALFORMED_REQUEST = 1;
const UNAUTHORIZED = 6;

/** The DER OCSPResponse to a DER OCSPRequest. */
export function answerOcsp(ca: CertificateAuthority, requestDer: Uint8Array, now = new Date()): Buffer {
  let request: pkijs.OCSPRequest;
  try {
    request = pkijs.OCSPRequest.fromBER(new Uint8Array(requestDer));
  } catch {
    return status(MALFORMED_REQUEST);
  }
  const items = request.tbsRequest.requestList;
  if (items.length === 0) return status(MALFORMED_REQUEST);
  // one responder signs the whole answer: every certificate asked about must be from the same CA
  const authorities = items.map((item) => issuerOf(ca, item.reqCert));
  const signer = authorities[0];
  if (!signer || authorities.some((authority) => authority !== signer)) return status(UNAUTHORIZED);

  const responses = items.map((item) => {
    const serial = normalSerial(Buffer.from(item.reqCert.serialNumber.valueBlock.valueHexView).toString("hex"));
    const revokedAt = signer === ca.root ? rootIssued(ca, serial) : issuingIssued(ca, serial);
    const certStatus =
      revokedAt === undefined
        ? contextPrimitive(2, new Uint8Array()) // unknown: not a certificate this CA issued
        : revokedAt === null
          ? contextPrimitive(0, new Uint8Array()) // good
          : new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 1 }, value: [generalizedTime(revokedAt)] });
    return seq(
      raw(new Uint8Array(item.reqCert.toSchema().toBER())),
      certStatus,
      generalizedTime(now),
      explicit(0, generalizedTime(new Date(now.getTime() + RESPONSE_VALIDITY_MS))),
    );
  });
  const nonce = request.tbsRequest.requestExtensions?.find((extension) => extension.extnID === OID.ocspNonce);
  const responseData = seq(
    explicit(2, new asn1js.OctetString({ valueHex: signer.keyHash })), // responderID byKey
    generalizedTime(now),
    seq(...responses),
    ...(nonce ? [explicit(1, seq(raw(new Uint8Array(nonce.toSchema().toBER()))))] : []),
  );
  const basic = seq(
    responseData,
    sha256WithRsa(),
    signatureOver(der(responseData), signer.key),
    explicit(0, seq(raw(signer.der))),
  );
  return der(
    seq(
      new asn1js.Enumerated({ value: 0 }),
      explicit(0, seq(oid(OID.ocspBasic), new asn1js.OctetString({ valueHex: der(basic) }))),
    ),
  );
}

/** The CA whose name and key hash the CertID names, or null for another issuer. */
function issuerOf(ca: CertificateAuthority, certId: pkijs.CertID): Authority | null {
  const algorithm = digestName(certId.hashAlgorithm.algorithmId);
  if (!algorithm) return null;
  const keyHash = Buffer.from(certId.issuerKeyHash.valueBlock.valueHexView);
  const nameHash = Buffer.from(certId.issuerNameHash.valueBlock.valueHexView);
  for (const authority of [ca.issuing, ca.root]) {
    const subject = pkijs.Certificate.fromBER(new Uint8Array(authority.der)).subject.toSchema().toBER();
    const expectedKey = algorithm === "sha1" ? authority.keyHash : keyHashWith(authority, algorithm);
    if (expectedKey.equals(keyHash) && createHash(algorithm).update(Buffer.from(subject)).digest().equals(nameHash)) {
      return authority;
    }
  }
  return null;
}

function keyHashWith(authority: Authority, algorithm: string): Buffer {
  const certificate = pkijs.Certificate.fromBER(new Uint8Array(authority.der));
  return createHash(algorithm)
    .update(Buffer.from(certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView))
    .digest();
}

/** undefined: not issued here; null: good; a date: revoked then. */
function issuingIssued(ca: CertificateAuthority, serial: string): Date | null | undefined {
  const record = ca.find(serial);
  if (!record) return undefined;
  return record.revokedAt ? new Date(record.revokedAt) : null;
}

function rootIssued(ca: CertificateAuthority, serial: string): Date | null | undefined {
  if (normalSerial(ca.issuing.x509.serialNumber) !== serial) return undefined;
  return ca.issuingRevokedAt;
}

function status(code: number): Buffer {
  return der(seq(new asn1js.Enumerated({ value: code })));
}
