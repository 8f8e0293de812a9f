// An RFC 3161 time-stamping authority: a TimeStampReq in, a TimeStampResp out, the token a CMS
// SignedData over a TSTInfo, signed by the CA's TSA certificate (critical EKU timeStamping).
import { createHash, randomBytes, sign } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import type { CertificateAuthority } from "./certificate-authority.ts";
import {
  der,
  digestAlgorithm,
  digestName,
  explicit,
  generalizedTime,
  integer,
  OID,
  octets,
  oid,
  raw,
  seq,
  set,
} from "./der.ts";

/** The policy the tokens name: an OID under the example arc (2.999), as this TSA is a reference one. */
export const TSA_POLICY = "2.999.32.2";
const GRANTED = 0;
const REJECTION = 2;
// PKIFailureInfo bits (RFC 3161 §2.4.2)
const BAD_ALG = 0;
const BAD_DATA_FORMAT = 5;

/** The DER TimeStampResp to a DER TimeStampReq. */
export function answerTimestamp(ca: CertificateAuthority, requestDer: Uint8Array, now = new Date()): Buffer {
  let request: pkijs.TimeStampReq;
  try {
    request = pkijs.TimeStampReq.fromBER(new Uint8Array(requestDer));
  } catch {
    return rejection(BAD_DATA_FORMAT, "The request is not a TimeStampReq.");
  }
  const imprint = request.messageImprint;
  const algorithm = digestName(imprint.hashAlgorithm.algorithmId);
  const hashed = Buffer.from(imprint.hashedMessage.valueBlock.valueHexView);
  if (!algorithm || algorithm === "sha1" || hashed.length !== createHash(algorithm).digest().length) {
    return rejection(BAD_ALG, "The message imprint's algorithm is not SHA-256, SHA-384 or SHA-512.");
  }
  if (request.reqPolicy && request.reqPolicy !== TSA_POLICY) {
    return rejection(BAD_DATA_FORMAT, "Only the policy this TSA names can be requested.");
  }
  const serial = randomBytes(16);
  serial[0] = (serial[0]! & 0x7f) | 0x40;
  const tstInfo = seq(
    integer(1),
    oid(TSA_POLICY),
    raw(new Uint8Array(imprint.toSchema().toBER())),
    integer(serial),
    generalizedTime(now),
    // accuracy: one second (the clock is the host's, NTP-disciplined in any real deployment)
    seq(integer(1)),
    ...(request.nonce ? [raw(new Uint8Array(request.nonce.toBER()))] : []),
  );
  const content = der(tstInfo);
  const tsa = ca.tsa;
  const signedAttributes = [
    seq(oid(OID.contentType), set(oid(OID.tstInfo))),
    seq(
      oid(OID.signingTime),
      set(new asn1js.UTCTime({ valueDate: new Date(Math.floor(now.getTime() / 1000) * 1000) })),
    ),
    seq(oid(OID.messageDigest), set(octets(createHash("sha256").update(content).digest()))),
    seq(oid(OID.signingCertificateV2), set(signingCertificateV2(tsa.der))),
  ]
    .map((attribute) => der(attribute))
    // DER orders a SET OF by its members' encodings
    .sort(Buffer.compare);
  // the signature covers the attributes as a SET (tag 0x31), stored as [0] IMPLICIT
  const attributesSet = Buffer.concat([Buffer.from([0x31]), derLength(signedAttributes), ...signedAttributes]);
  const signature = sign("sha256", attributesSet, tsa.key);
  const tsaCertificate = pkijs.Certificate.fromBER(new Uint8Array(tsa.der));
  const signerInfo = seq(
    integer(1),
    seq(tsaCertificate.issuer.toSchema(), integer(new Uint8Array(tsaCertificate.serialNumber.valueBlock.valueHexView))),
    digestAlgorithm(OID.sha256),
    raw(new Uint8Array([0xa0, ...attributesSet.subarray(1)])),
    seq(oid(OID.rsaEncryption), new asn1js.Null()),
    octets(signature),
  );
  const certificates = request.certReq ? [raw(tsa.der), raw(ca.issuing.der)] : [];
  const signedData = seq(
    integer(3), // v3: the encapsulated content is not id-data
    set(digestAlgorithm(OID.sha256)),
    seq(oid(OID.tstInfo), explicit(0, octets(content))),
    ...(certificates.length > 0
      ? [new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 0 }, value: certificates })]
      : []),
    set(signerInfo),
  );
  const token = seq(oid(OID.signedData), explicit(0, signedData));
  return der(seq(seq(integer(GRANTED)), token));
}

/** ESS signing-certificate-v2 (RFC 5035): OpenSSL's `ts -verify` requires it. SHA-256 is its default, so omitted. */
function signingCertificateV2(certificateDer: Uint8Array) {
  const certificate = pkijs.Certificate.fromBER(new Uint8Array(certificateDer));
  const issuerSerial = seq(
    seq(explicit(4, certificate.issuer.toSchema())),
    integer(new Uint8Array(certificate.serialNumber.valueBlock.valueHexView)),
  );
  return seq(seq(seq(octets(createHash("sha256").update(certificateDer).digest()), issuerSerial)));
}

function derLength(parts: Buffer[]): Buffer {
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function rejection(failureBit: number, text: string): Buffer {
  const bits = new Uint8Array([0]);
  bits[0] = 0x80 >> failureBit;
  return der(
    seq(
      seq(
        integer(REJECTION),
        seq(new asn1js.Utf8String({ value: text })),
        new asn1js.BitString({ valueHex: bits, unusedBits: 7 - failureBit }),
      ),
    ),
  );
}
