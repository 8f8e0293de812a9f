import { createHash, verify, X509Certificate } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

/** A seal is intact when signed, coversWholeFile, digestMatches and signatureValid are all true. */
export interface SealInspection {
  /** the file has a signature dictionary whose /Contents is a CMS SignedData */
  signed: boolean;
  /** /ByteRange starts at 0, skips exactly the /Contents hex string and reaches the end of the file */
  coversWholeFile: boolean;
  /** the bytes in /ByteRange hash to the signed messageDigest */
  digestMatches: boolean;
  /** the signer certificate's key verifies the signature over the signed attributes */
  signatureValid: boolean;
  /** "CN=…, O=…", like SealCredentials.subject */
  signerSubject: string | null;
  /** the CMS signing-time attribute, else the timestamp's time */
  signingTime: Date | null;
  /** carries an RFC 3161 signature timestamp over this signature value (the TSA's own signature is not checked) */
  timestamped: boolean;
  /** lowercase hex, like SealCredentials.fingerprintSha256 */
  certificateFingerprintSha256: string | null;
  /**
   * Document timestamps (PAdES B-LTA) after the signature, each checked over its ByteRange (imprint
   * and the TSA's signature, not the TSA's trust chain); the seal is intact only when all verify
   * and the last covers the whole file.
   */
  documentTimestamps: { time: Date; tsa: string | null }[];
  /** the file carries a DSS (long-term validation data) */
  longTermData: boolean;
}

const OID = {
  signedData: "1.2.840.113549.1.7.2",
  messageDigest: "1.2.840.113549.1.9.4",
  signingTime: "1.2.840.113549.1.9.5",
  signatureTimeStampToken: "1.2.840.113549.1.9.16.2.14",
  rsaPss: "1.2.840.113549.1.1.10",
  tstInfo: "1.2.840.113549.1.9.16.1.4",
} as const;

const HASHES: Record<string, string> = {
  "1.3.14.3.2.26": "sha1",
  "2.16.840.1.101.3.4.2.1": "sha256",
  "2.16.840.1.101.3.4.2.2": "sha384",
  "2.16.840.1.101.3.4.2.3": "sha512",
};

const UNSIGNED: SealInspection = {
  signed: false,
  coversWholeFile: false,
  digestMatches: false,
  signatureValid: false,
  signerSubject: null,
  signingTime: null,
  timestamped: false,
  certificateFingerprintSha256: null,
  documentTimestamps: [],
  longTermData: false,
};

/**
 * Checks the last signature in a PDF on its own terms (no trust chain, no revocation): what an
 * auditor or a re-verification job needs to say "this file is the one we sealed". Never throws.
 */
export async function inspectSeal(pdf: Uint8Array): Promise<SealInspection> {
  try {
    return inspect(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  } catch {
    return UNSIGNED;
  }
}

function inspect(file: Buffer): SealInspection {
  // latin1 maps each byte to one char, so string offsets are file offsets
  const text = file.toString("latin1");
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  if (ranges.length === 0) return UNSIGNED;
  // B-LTA: document timestamps follow the signature, each over everything before it; the seal is
  // the last signature that is not one, and the last timestamp must cover the whole file
  const timestamps: { time: Date; tsa: string | null; valid: boolean; coversWholeFile: boolean }[] = [];
  let index = ranges.length - 1;
  for (; index >= 0; index--) {
    const timestamp = documentTimestamp(file, text, ranges[index]!);
    if (!timestamp) break;
    timestamps.unshift(timestamp);
  }
  if (timestamps.length === 0) return inspectOne(file, text, ranges[index]!);
  const signature = index >= 0 ? signatureBeforeTimestamps(file, text, ranges[index]!) : UNSIGNED;
  const lastTimestamp = timestamps.at(-1)!;
  const timestampsValid = timestamps.every((timestamp) => timestamp.valid);
  return {
    ...signature,
    // the signature covers its revision; the timestamps cover every later byte
    coversWholeFile: signature.coversWholeFile && lastTimestamp.coversWholeFile,
    digestMatches: signature.digestMatches && timestampsValid,
    signatureValid: signature.signatureValid && timestampsValid,
    documentTimestamps: timestamps.map(({ time, tsa }) => ({ time, tsa })),
    longTermData: /\/DSS\s+\d+\s+\d+\s+R/.test(text),
  };
}

/**
 * A signature that document timestamps follow: it covers its own revision (from byte 0 to that
 * revision's %%EOF), the timestamps the rest.
 */
function signatureBeforeTimestamps(
  file: Buffer,
  text: string,
  last: RegExpMatchArray & { index: number },
): SealInspection {
  const inspection = inspectOne(file, text, last);
  if (inspection.coversWholeFile || !inspection.signed) return inspection;
  const [start, length1, start2, length2] = last.slice(1, 5).map(Number) as [number, number, number, number];
  const end = start2 + length2;
  const contents = findContents(text, last.index, start + length1, start2);
  const revisionEnd = text.slice(end - 5, end) === "%%EOF";
  return {
    ...inspection,
    coversWholeFile:
      start === 0 && length1 > 0 && contents?.start === start + length1 && contents.end === start2 && revisionEnd,
  };
}

/** A /ByteRange whose /Contents is an RFC 3161 token (a document timestamp), checked; null for anything else. */
function documentTimestamp(
  file: Buffer,
  text: string,
  match: RegExpMatchArray & { index: number },
): { time: Date; tsa: string | null; valid: boolean; coversWholeFile: boolean } | null {
  try {
    const [start, length1, start2, length2] = match.slice(1, 5).map(Number) as [number, number, number, number];
    const contents = findContents(text, match.index, start + length1, start2);
    if (!contents) return null;
    const der = Buffer.from(contents.hex, "hex");
    const contentInfo = pkijs.ContentInfo.fromBER(der.subarray(0, berLength(der)));
    if (contentInfo.contentType !== OID.signedData) return null;
    const signedData = new pkijs.SignedData({ schema: contentInfo.content });
    if (signedData.encapContentInfo.eContentType !== OID.tstInfo) return null;
    const eContent = signedData.encapContentInfo.eContent;
    const signerInfo = signedData.signerInfos[0];
    if (!eContent || !signerInfo) return { time: new Date(0), tsa: null, valid: false, coversWholeFile: false };
    const tstInfo = pkijs.TSTInfo.fromBER(eContent.getValue());
    const inFile = start >= 0 && start + length1 <= start2 && start2 + length2 <= file.length;
    const hashName = HASHES[tstInfo.messageImprint.hashAlgorithm.algorithmId];
    const imprintMatches =
      inFile &&
      hashName !== undefined &&
      createHash(hashName)
        .update(file.subarray(start, start + length1))
        .update(file.subarray(start2, start2 + length2))
        .digest()
        .equals(Buffer.from(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView));
    const certificate = signerCertificate(signedData, signerInfo);
    const x509 = certificate ? new X509Certificate(Buffer.from(certificate.toSchema().toBER())) : null;
    const tokenHash = HASHES[signerInfo.digestAlgorithm.algorithmId];
    let tokenValid = false;
    if (x509 && tokenHash && signerInfo.signedAttrs) {
      const messageDigest = attributeValue(signerInfo.signedAttrs.attributes, OID.messageDigest);
      tokenValid =
        messageDigest instanceof asn1js.OctetString &&
        Buffer.from(messageDigest.valueBlock.valueHexView).equals(
          createHash(tokenHash).update(Buffer.from(eContent.getValue())).digest(),
        ) &&
        verifies(
          tokenHash,
          Buffer.from(signerInfo.signedAttrs.encodedValue),
          signerInfo,
          x509,
          Buffer.from(signerInfo.signature.valueBlock.valueHexView),
        );
    }
    const cn = x509?.subject.split("\n").find((part) => part.startsWith("CN="));
    return {
      time: tstInfo.genTime,
      tsa: cn ? cn.slice(3) : null,
      valid: imprintMatches && tokenValid,
      coversWholeFile:
        start === 0 &&
        start + length1 === contents.start &&
        start2 === contents.end &&
        start2 + length2 === file.length,
    };
  } catch {
    return null;
  }
}

function inspectOne(file: Buffer, text: string, last: RegExpMatchArray & { index: number }): SealInspection {
  const [start, length1, start2, length2] = last.slice(1, 5).map(Number) as [number, number, number, number];
  const contents = findContents(text, last.index, start + length1, start2);
  if (!contents) return UNSIGNED;

  const cms = Buffer.from(contents.hex, "hex");
  const contentInfo = pkijs.ContentInfo.fromBER(cms.subarray(0, berLength(cms)));
  if (contentInfo.contentType !== OID.signedData) return UNSIGNED;
  const signedData = new pkijs.SignedData({ schema: contentInfo.content });
  const signerInfo = signedData.signerInfos[0];
  if (!signerInfo) return UNSIGNED;

  const coversWholeFile =
    start === 0 &&
    start + length1 === contents.start &&
    start2 === contents.end &&
    start2 + length2 === file.length &&
    length1 > 0;

  const hashName = HASHES[signerInfo.digestAlgorithm.algorithmId];
  const inFile = start >= 0 && start + length1 <= start2 && start2 + length2 <= file.length;
  const covered = inFile
    ? Buffer.concat([file.subarray(start, start + length1), file.subarray(start2, start2 + length2)])
    : null;

  const certificate = signerCertificate(signedData, signerInfo);
  const certificateDer = certificate ? Buffer.from(certificate.toSchema().toBER()) : null;
  const x509 = certificateDer ? new X509Certificate(certificateDer) : null;
  const signature = Buffer.from(signerInfo.signature.valueBlock.valueHexView);

  let digestMatches = false;
  let signatureValid = false;
  const signedAttributes = signerInfo.signedAttrs?.attributes ?? [];
  if (hashName && covered && x509) {
    const digest = createHash(hashName).update(covered).digest();
    if (signerInfo.signedAttrs) {
      const messageDigest = attributeValue(signedAttributes, OID.messageDigest);
      digestMatches =
        messageDigest instanceof asn1js.OctetString &&
        Buffer.from(messageDigest.valueBlock.valueHexView).equals(digest);
      // pkijs keeps the attributes as they were encoded, retagged as the SET that was signed
      signatureValid = verifies(
        hashName,
        Buffer.from(signerInfo.signedAttrs.encodedValue),
        signerInfo,
        x509,
        signature,
      );
    } else {
      // without signed attributes the signature is over the content itself
      signatureValid = verifies(hashName, covered, signerInfo, x509, signature);
      digestMatches = signatureValid;
    }
  }

  const timestamp = signatureTimestamp(signerInfo, signature);
  const signingTimeValue = attributeValue(signedAttributes, OID.signingTime);
  const signingTime =
    signingTimeValue instanceof asn1js.UTCTime ? signingTimeValue.toDate() : (timestamp?.genTime ?? null);

  return {
    signed: true,
    coversWholeFile,
    digestMatches,
    signatureValid,
    signerSubject: x509 ? x509.subject.split("\n").join(", ") : null,
    signingTime,
    timestamped: timestamp !== null,
    certificateFingerprintSha256: certificateDer ? createHash("sha256").update(certificateDer).digest("hex") : null,
    documentTimestamps: [],
    longTermData: false,
  };
}

/**
 * The /Contents hex of the signature whose /ByteRange was found: normally exactly the gap the
 * ByteRange leaves; else (a tampered range) the /Contents nearest to the /ByteRange key.
 */
function findContents(
  text: string,
  byteRangeAt: number,
  gapStart: number,
  gapEnd: number,
): { hex: string; start: number; end: number } | null {
  const gap = gapEnd > gapStart && gapEnd <= text.length ? text.slice(gapStart, gapEnd) : "";
  if (/^<[0-9a-fA-F]*>$/.test(gap)) return { hex: gap.slice(1, -1), start: gapStart, end: gapEnd };
  let best: { hex: string; start: number; end: number } | null = null;
  for (const match of text.matchAll(/\/Contents\s*(<[0-9a-fA-F]*>)/g)) {
    const start = match.index + match[0].length - match[1]!.length;
    const candidate = { hex: match[1]!.slice(1, -1), start, end: start + match[1]!.length };
    if (!best || Math.abs(start - byteRangeAt) < Math.abs(best.start - byteRangeAt)) best = candidate;
  }
  return best;
}

/** The length of the first BER element: the placeholder pads the CMS with zero bytes. */
function berLength(bytes: Buffer): number {
  const parsed = asn1js.fromBER(bytes);
  if (parsed.offset === -1) throw new Error("not BER");
  return parsed.offset;
}

function attributeValue(attributes: pkijs.Attribute[], type: string): unknown {
  return attributes.find((attribute) => attribute.type === type)?.values[0];
}

function signerCertificate(signedData: pkijs.SignedData, signerInfo: pkijs.SignerInfo): pkijs.Certificate | null {
  const certificates = (signedData.certificates ?? []).filter(
    (item): item is pkijs.Certificate => item instanceof pkijs.Certificate,
  );
  const sid = signerInfo.sid;
  if (sid instanceof pkijs.IssuerAndSerialNumber) {
    return (
      certificates.find(
        (certificate) => certificate.issuer.isEqual(sid.issuer) && certificate.serialNumber.isEqual(sid.serialNumber),
      ) ?? null
    );
  }
  // a subjectKeyIdentifier sid (rare in PDF signatures): only an unambiguous lone certificate is used
  return certificates.length === 1 ? certificates[0]! : null;
}

function verifies(
  hashName: string,
  data: Buffer,
  signerInfo: pkijs.SignerInfo,
  certificate: X509Certificate,
  signature: Buffer,
): boolean {
  // RSASSA-PSS needs its parameters decoded; our seals and the common signers use PKCS#1 v1.5 or ECDSA
  if (signerInfo.signatureAlgorithm.algorithmId === OID.rsaPss) return false;
  try {
    return verify(hashName, data, { key: certificate.publicKey, dsaEncoding: "der" }, signature);
  } catch {
    return false;
  }
}

/** The signature-time-stamp token's time, when the token stamps this very signature value. */
function signatureTimestamp(signerInfo: pkijs.SignerInfo, signature: Buffer): { genTime: Date } | null {
  const token = signerInfo.unsignedAttrs?.attributes.find((a) => a.type === OID.signatureTimeStampToken)?.values[0];
  if (!token) return null;
  try {
    const contentInfo = new pkijs.ContentInfo({ schema: token });
    const eContent = new pkijs.SignedData({ schema: contentInfo.content }).encapContentInfo.eContent;
    if (!eContent) return null;
    const tstInfo = pkijs.TSTInfo.fromBER(eContent.getValue());
    const hashName = HASHES[tstInfo.messageImprint.hashAlgorithm.algorithmId];
    if (!hashName) return null;
    const imprint = createHash(hashName).update(signature).digest();
    return Buffer.from(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView).equals(imprint)
      ? { genTime: tstInfo.genTime }
      : null;
  } catch {
    return null;
  }
}
