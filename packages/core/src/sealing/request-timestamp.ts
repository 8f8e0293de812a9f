import { randomBytes } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

const OID = {
  signedData: "1.2.840.113549.1.7.2",
  tstInfo: "1.2.840.113549.1.9.16.1.4",
  sha256: "2.16.840.1.101.3.4.2.1",
} as const;

const TIMESTAMP_TIMEOUT_MS = 30_000;
const TSA_GRANTED = 0;
const TSA_GRANTED_WITH_MODS = 1;

export interface TimestampToken {
  /** the token (a CMS ContentInfo) exactly as the TSA sent it */
  token: asn1js.AsnType;
  der: Uint8Array;
  /** TSTInfo genTime */
  time: Date;
  /** the certificate that signed the token (when the token carries it, as certReq asks), DER */
  signer: Uint8Array | null;
  /** every certificate the token carries, DER */
  certificates: Uint8Array[];
}

/**
 * Asks the TSA for a token over `imprint` (a SHA-256 digest: of the signature value for a CAdES
 * signature-time-stamp, of the signed byte ranges for a document timestamp; RFC 3161) and returns
 * the token to embed. Any failure throws: the caller's
 * job retries, it never seals without the timestamp it was configured for.
 */
export async function requestTimestamp(imprint: Buffer, url: string, fetchImpl: typeof fetch): Promise<TimestampToken> {
  const nonce = randomBytes(8);
  nonce[0] = (nonce[0]! & 0x7f) | 0x01; // positive, minimally encoded
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: algorithm(OID.sha256),
      hashedMessage: new asn1js.OctetString({ valueHex: imprint }),
    }),
    nonce: new asn1js.Integer({ valueHex: nonce }),
    // the TSA's certificate in the token lets validators check the token without fetching it
    certReq: true,
  });
  const fail = (why: string, cause?: unknown) =>
    new TimestampError(`The timestamp authority at ${url} did not timestamp the seal: ${why}`, { cause });

  let body: ArrayBuffer;
  try {
    const response = await fetchImpl(url, {
      method: "POST",
      headers: { "content-type": "application/timestamp-query", accept: "application/timestamp-reply" },
      body: new Uint8Array(request.toSchema().toBER()),
      signal: AbortSignal.timeout(TIMESTAMP_TIMEOUT_MS),
    });
    if (!response.ok) throw fail(`HTTP ${response.status}`);
    body = await response.arrayBuffer();
  } catch (error) {
    if (error instanceof TimestampError) throw error;
    throw fail(error instanceof Error ? error.message : String(error), error);
  }

  let tokenDer: Uint8Array;
  let tstInfo: pkijs.TSTInfo;
  let signedData: pkijs.SignedData;
  try {
    const response = pkijs.TimeStampResp.fromBER(body);
    const status = response.status.status;
    if (status !== TSA_GRANTED && status !== TSA_GRANTED_WITH_MODS) {
      const text = response.status.statusStrings?.map((s) => s.valueBlock.value).join("; ");
      throw fail(`status ${status}${text ? ` (${text})` : ""}`);
    }
    if (!response.timeStampToken) throw fail("the response has no token");
    const token = response.timeStampToken;
    if (token.contentType !== OID.signedData) throw fail("the token is not SignedData");
    signedData = new pkijs.SignedData({ schema: token.content });
    const eContent = signedData.encapContentInfo.eContent;
    if (signedData.encapContentInfo.eContentType !== OID.tstInfo || !eContent) throw fail("the token has no TSTInfo");
    tstInfo = pkijs.TSTInfo.fromBER(eContent.getValue());
    // the token's bytes exactly as the TSA sent them: its signature covers parts of them
    const outer = asn1js.fromBER(body).result as asn1js.Sequence;
    tokenDer = outer.valueBlock.value[1]!.valueBeforeDecodeView;
  } catch (error) {
    if (error instanceof TimestampError) throw error;
    throw fail("the response is not a TimeStampResp", error);
  }
  if (
    tstInfo.messageImprint.hashAlgorithm.algorithmId !== OID.sha256 ||
    !Buffer.from(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView).equals(imprint)
  ) {
    throw fail("the token is for another message imprint");
  }
  if (!tstInfo.nonce || !Buffer.from(tstInfo.nonce.valueBlock.valueHexView).equals(nonce)) {
    throw fail("the token's nonce does not match the request");
  }
  // asn1js writes a parsed tree back as it read it when the TSA used DER (they do); check rather
  // than embed a token whose signature a re-encoding broke
  const parsed = asn1js.fromBER(tokenDer);
  if (parsed.offset === -1 || !Buffer.from(parsed.result.toBER()).equals(tokenDer)) {
    throw fail("the token is not DER-encoded");
  }
  const certificates = (signedData.certificates ?? [])
    .filter((certificate): certificate is pkijs.Certificate => certificate instanceof pkijs.Certificate)
    .map((certificate) => new Uint8Array(certificate.toSchema().toBER()));
  const sid = signedData.signerInfos[0]?.sid;
  const signerIndex = (signedData.certificates ?? []).findIndex(
    (certificate) =>
      certificate instanceof pkijs.Certificate &&
      sid instanceof pkijs.IssuerAndSerialNumber &&
      certificate.serialNumber.isEqual(sid.serialNumber) &&
      certificate.issuer.isEqual(sid.issuer),
  );
  return {
    token: parsed.result,
    der: tokenDer,
    time: tstInfo.genTime,
    signer: signerIndex >= 0 ? certificates[signerIndex]! : null,
    certificates,
  };
}

/** Marks errors already worded for the caller, so the catch-alls above do not wrap them twice. */
class TimestampError extends Error {
  override name = "TimestampError";
}

function algorithm(algorithmId: string): pkijs.AlgorithmIdentifier {
  return new pkijs.AlgorithmIdentifier({ algorithmId, algorithmParams: new asn1js.Null() });
}
