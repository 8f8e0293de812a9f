import { createHash, randomBytes, X509Certificate } from "node:crypto";
import * as asn1js from "asn1js";
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFInvalidObject,
  PDFName,
  PDFNumber,
  PDFRef,
  PDFString,
} from "pdf-lib";
import * as pkijs from "pkijs";
import { appendIncrementalUpdate } from "./append-incremental-update.ts";
import { requestTimestamp, type TimestampToken } from "./request-timestamp.ts";
import type { SealCredentials } from "./seal-credentials.ts";
import { changedByPlaceholder, resolveIndirectFormEntries, type SealOptions, sealPdf } from "./seal-pdf.ts";
import { signInPlace } from "./sign-in-place.ts";

/**
 * PAdES baseline levels (ETSI EN 319 142-1): B-B a signature; B-T with a trusted time for it; B-LT
 * with the certificates and revocation data a validator needs later in the file's DSS; B-LTA with a
 * document timestamp over all of that, renewed before its TSA certificate expires.
 */
export type PadesLevel = "B-B" | "B-T" | "B-LT" | "B-LTA";

export interface LongTermOptions {
  /** the RFC 3161 TSA for the document timestamp */
  timestampUrl: string;
  /** every OCSP, CRL, certificate and TSA request goes through it (the outbound policy's fetch) */
  fetch: typeof fetch;
  /**
   * Refuse when the last signature's certificate is revoked now: true when sealing (a revoked seal
   * must not be issued), false when renewing an archived seal whose certificate was revoked after
   * it signed (its earlier timestamps prove it was valid then).
   */
  refuseRevokedSigner?: boolean;
}

export interface LongTermResult {
  pdf: Uint8Array;
  level: PadesLevel;
  /** the newest timestamp in the file (the document timestamp for B-LTA) */
  timestamp: { time: Date; tsa: string; tsaNotAfter: Date } | null;
  /** why the level is below B-LTA, in words, when it is */
  limitedBy: string | null;
}

const OID = {
  signedData: "1.2.840.113549.1.7.2",
  tstInfo: "1.2.840.113549.1.9.16.1.4",
  signatureTimeStampToken: "1.2.840.113549.1.9.16.2.14",
  sha1: "1.3.14.3.2.26",
  ocspNonce: "1.3.6.1.5.5.7.48.1.2",
  ocspBasic: "1.3.6.1.5.5.7.48.1.1",
  authorityInfoAccess: "1.3.6.1.5.5.7.1.1",
  ocsp: "1.3.6.1.5.5.7.48.1",
  caIssuers: "1.3.6.1.5.5.7.48.2",
  crlDistributionPoints: "2.5.29.31",
} as const;

const FETCH_TIMEOUT_MS = 30_000;
/** raw bytes the document timestamp's /Contents reserves: a token with a two-certificate chain is ~5 KB */
const DOC_TIMESTAMP_BYTES = 16_384;
const SELF_SIGNED =
  "The seal certificate is self-signed: there is no CA to ask about its revocation, so the seal is " +
  "timestamped (B-T) but cannot carry long-term validation data. Install a certificate from a CA.";

/**
 * Seals `pdf` and takes it as far up the PAdES levels as the configuration allows: B-B without a
 * TSA, B-T with one, B-LTA when the seal certificate comes from a CA that publishes revocation data
 * (a self-signed certificate ends its own chain: there is nothing to fetch, so B-T at most).
 */
export async function sealPdfWithLevel(
  pdf: Uint8Array,
  credentials: SealCredentials,
  options: SealOptions,
): Promise<LongTermResult> {
  const sealed = await sealPdf(pdf, credentials, options);
  if (!options.timestampUrl) return { pdf: sealed, level: "B-B", timestamp: null, limitedBy: null };
  if (isSelfSigned(new X509Certificate(credentials.certificate))) {
    const token = lastSignatureTimestamp(sealed);
    return { pdf: sealed, level: "B-T", timestamp: token, limitedBy: SELF_SIGNED };
  }
  return extendLongTerm(sealed, {
    timestampUrl: options.timestampUrl,
    fetch: options.fetch ?? fetch,
    refuseRevokedSigner: true,
  });
}

/**
 * Adds, as two incremental updates that leave every earlier signature valid: a DSS dictionary
 * (ISO 32000-2 §12.8.4.3) with every certificate the file's signatures and timestamps rely on, a
 * fresh OCSP response and CRL for each one a CA issued, and /VRI entries keyed by the SHA-1 of each
 * signature's /Contents; then a document timestamp (/SubFilter /ETSI.RFC3161) over the whole file.
 * Run again on its own output (the renewal job) it adds the same for the newest timestamp's chain
 * and a new document timestamp, which is what keeps a B-LTA file verifiable past its TSA's expiry.
 */
export async function extendLongTerm(pdf: Uint8Array, options: LongTermOptions): Promise<LongTermResult> {
  const signatures = signaturesIn(pdf);
  if (signatures.length === 0) throw new Error("The file has no signature to extend.");
  const pool = new CertificatePool();
  for (const signature of signatures) for (const der of signature.certificates) pool.add(der);

  const last = signatures.filter((signature) => !signature.documentTimestamp).at(-1);
  const validation = new Map<string, { certs: Uint8Array[]; ocsps: Uint8Array[]; crls: Uint8Array[] }>();
  const ocspByCertificate = new Map<string, Uint8Array>();
  const crlByUrl = new Map<string, Uint8Array>();
  for (const signature of signatures) {
    const entry = { certs: [] as Uint8Array[], ocsps: [] as Uint8Array[], crls: [] as Uint8Array[] };
    // Another party's earlier signature (a notary's, issue 34 §4) may rest on a certificate whose CA
    // publishes no revocation data or cannot be reached: record what can be found for it, and let
    // the gaps limit that signature only, never the seal. The seal's chain and the timestamps'
    // chains stay strict, since the level claimed is theirs.
    const lenient = !signature.documentTimestamp && signature !== last;
    try {
      // the signer's chain and its timestamp's TSA chain (the TSA that will usually make the next
      // document timestamp too)
      const chains = [await pool.chainOf(signature.signer, options.fetch)];
      if (signature.timestamp?.signer) chains.push(await pool.chainOf(signature.timestamp.signer, options.fetch));
      const seen = new Set<PooledCertificate>();
      for (const certificate of chains.flat()) {
        if (seen.has(certificate)) continue;
        seen.add(certificate);
        entry.certs.push(certificate.der);
        if (isSelfSigned(certificate.x509)) continue; // a root is trusted, not checked
        const issuer = await pool.issuerOf(certificate, options.fetch);
        if (!issuer)
          throw new Error(`No issuer certificate found for ${certificate.x509.subject.replace(/\n/g, ", ")}.`);
        const key = certificate.x509.fingerprint256;
        let ocsp = ocspByCertificate.get(key);
        const ocspUrl = urlsOf(certificate.parsed, OID.ocsp)[0];
        if (!ocsp && ocspUrl) {
          ocsp = await fetchOcsp(certificate, issuer, ocspUrl, options.fetch);
          ocspByCertificate.set(key, ocsp);
          const status = ocspStatus(ocsp);
          if (
            status === "revoked" &&
            options.refuseRevokedSigner &&
            signature === last &&
            certificate.der === signature.signer
          ) {
            throw new Error("The seal certificate is revoked: its CA's OCSP responder says so. Install a new one.");
          }
        }
        if (ocsp) entry.ocsps.push(ocsp);
        for (const url of crlUrls(certificate.parsed)) {
          let crl = crlByUrl.get(url);
          if (!crl) {
            crl = await fetchBytes(url, options.fetch, "application/pkix-crl");
            crlByUrl.set(url, crl);
          }
          entry.crls.push(crl);
        }
        if (!ocsp && crlUrls(certificate.parsed).length === 0) {
          throw new Error(
            `The certificate of ${certificate.x509.subject.replace(/\n/g, ", ")} names no OCSP responder or CRL: ` +
              "its revocation cannot be recorded for long-term validation.",
          );
        }
      }
    } catch (error) {
      if (!lenient) throw error;
    }
    validation.set(signature.vriKey, entry);
  }

  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  const withDss = appendDss(pdf, document, validation);
  const { pdf: timestamped, token } = await appendDocumentTimestamp(withDss, document, options);
  const tsa = token.signer ? new X509Certificate(token.signer) : null;
  return {
    pdf: timestamped,
    level: "B-LTA",
    timestamp: {
      time: token.time,
      tsa: tsa ? commonName(tsa) : new URL(options.timestampUrl).host,
      tsaNotAfter: tsa ? new Date(tsa.validTo) : token.time,
    },
    limitedBy: null,
  };
}

interface FoundSignature {
  /** SHA-1 of the /Contents bytes, upper-case hex: the DSS /VRI key */
  vriKey: string;
  signer: Uint8Array;
  /** every certificate in the CMS and in any timestamp token inside it */
  certificates: Uint8Array[];
  documentTimestamp: boolean;
  /** the signature-time-stamp token inside a CMS signature, or the document timestamp itself */
  timestamp: TimestampToken | null;
}

/** The signatures and document timestamps in the file, in file order, read from their /ByteRange. */
export function signaturesIn(pdf: Uint8Array): FoundSignature[] {
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString("latin1");
  const found: FoundSignature[] = [];
  for (const match of text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)) {
    // the first range ends at the /Contents string's "<", the second starts after its ">"
    const [, contentsStart, contentsEnd] = match.slice(1).map(Number) as [number, number, number, number];
    const hex = text.slice(contentsStart + 1, contentsEnd - 1);
    if (!/^[0-9a-fA-F]+$/.test(hex)) continue;
    const contents = Buffer.from(hex, "hex");
    const parsed = asn1js.fromBER(contents);
    if (parsed.offset === -1) continue;
    const info = new pkijs.ContentInfo({ schema: parsed.result });
    if (info.contentType !== OID.signedData) continue;
    const signedData = new pkijs.SignedData({ schema: info.content });
    const documentTimestamp = signedData.encapContentInfo.eContentType === OID.tstInfo;
    const certificates = certificatesOf(signedData);
    const signer = signerOf(signedData);
    if (!signer) continue;
    let timestamp: TimestampToken | null = null;
    if (documentTimestamp) {
      timestamp = tokenSummary(signedData, contents.subarray(0, parsed.offset));
    } else {
      const attribute = signedData.signerInfos[0]?.unsignedAttrs?.attributes.find(
        (item) => item.type === OID.signatureTimeStampToken,
      );
      const value = attribute?.values[0];
      if (value) {
        const tokenInfo = new pkijs.ContentInfo({ schema: value });
        const tokenData = new pkijs.SignedData({ schema: tokenInfo.content });
        timestamp = tokenSummary(tokenData, new Uint8Array(value.toBER()));
        certificates.push(...timestamp.certificates);
      }
    }
    found.push({
      vriKey: createHash("sha1").update(contents).digest("hex").toUpperCase(),
      signer,
      certificates,
      documentTimestamp,
      timestamp,
    });
  }
  return found;
}

function lastSignatureTimestamp(pdf: Uint8Array): LongTermResult["timestamp"] {
  const token = signaturesIn(pdf).at(-1)?.timestamp;
  if (!token) return null;
  const tsa = token.signer ? new X509Certificate(token.signer) : null;
  return { time: token.time, tsa: tsa ? commonName(tsa) : "", tsaNotAfter: tsa ? new Date(tsa.validTo) : token.time };
}

function tokenSummary(signedData: pkijs.SignedData, der: Uint8Array): TimestampToken {
  const eContent = signedData.encapContentInfo.eContent;
  const tstInfo = pkijs.TSTInfo.fromBER(eContent!.getValue());
  const certificates = certificatesOf(signedData);
  return {
    token: asn1js.fromBER(der).result,
    der,
    time: tstInfo.genTime,
    signer: signerOf(signedData),
    certificates,
  };
}

function certificatesOf(signedData: pkijs.SignedData): Uint8Array[] {
  return (signedData.certificates ?? [])
    .filter((certificate): certificate is pkijs.Certificate => certificate instanceof pkijs.Certificate)
    .map((certificate) => new Uint8Array(certificate.toSchema().toBER()));
}

function signerOf(signedData: pkijs.SignedData): Uint8Array | null {
  const sid = signedData.signerInfos[0]?.sid;
  const certificate = (signedData.certificates ?? []).find(
    (candidate): candidate is pkijs.Certificate =>
      candidate instanceof pkijs.Certificate &&
      sid instanceof pkijs.IssuerAndSerialNumber &&
      candidate.serialNumber.isEqual(sid.serialNumber) &&
      candidate.issuer.isEqual(sid.issuer),
  );
  return certificate ? new Uint8Array(certificate.toSchema().toBER()) : null;
}

interface PooledCertificate {
  der: Uint8Array;
  x509: X509Certificate;
  parsed: pkijs.Certificate;
}

/** The certificates known so far, by fingerprint; missing issuers fetched from AIA caIssuers. */
class CertificatePool {
  private readonly byFingerprint = new Map<string, PooledCertificate>();

  add(der: Uint8Array): PooledCertificate {
    const x509 = new X509Certificate(der);
    let entry = this.byFingerprint.get(x509.fingerprint256);
    if (!entry) {
      entry = { der, x509, parsed: pkijs.Certificate.fromBER(new Uint8Array(der)) };
      this.byFingerprint.set(x509.fingerprint256, entry);
    }
    return entry;
  }

  async issuerOf(certificate: PooledCertificate, fetchImpl: typeof fetch): Promise<PooledCertificate | null> {
    const issues = (candidate: PooledCertificate) =>
      candidate !== certificate &&
      certificate.x509.checkIssued(candidate.x509) &&
      certificate.x509.verify(candidate.x509.publicKey);
    const known = [...this.byFingerprint.values()].find(issues);
    if (known) return known;
    for (const url of urlsOf(certificate.parsed, OID.caIssuers)) {
      const fetched = this.add(await fetchBytes(url, fetchImpl, "application/pkix-cert"));
      if (issues(fetched)) return fetched;
    }
    return null;
  }

  /** The certificate, its issuer and so on up to a self-signed root (or as far as issuers are found). */
  async chainOf(der: Uint8Array, fetchImpl: typeof fetch): Promise<PooledCertificate[]> {
    const chain = [this.add(der)];
    for (let depth = 0; depth < 8; depth++) {
      const current = chain.at(-1)!;
      if (isSelfSigned(current.x509)) break;
      const issuer = await this.issuerOf(current, fetchImpl);
      if (!issuer || chain.includes(issuer)) break;
      chain.push(issuer);
    }
    return chain;
  }
}

/** The URLs an AIA extension gives for `method` (OCSP or caIssuers), http only. */
function urlsOf(certificate: pkijs.Certificate, method: string): string[] {
  const extension = certificate.extensions?.find((item) => item.extnID === OID.authorityInfoAccess);
  const parsed = extension?.parsedValue as pkijs.InfoAccess | undefined;
  return (parsed?.accessDescriptions ?? [])
    .filter((description) => description.accessMethod === method && description.accessLocation.type === 6)
    .map((description) => String(description.accessLocation.value))
    .filter((url) => /^https?:\/\//i.test(url));
}

function crlUrls(certificate: pkijs.Certificate): string[] {
  const extension = certificate.extensions?.find((item) => item.extnID === OID.crlDistributionPoints);
  const parsed = extension?.parsedValue as pkijs.CRLDistributionPoints | undefined;
  const urls: string[] = [];
  for (const point of parsed?.distributionPoints ?? []) {
    const names = Array.isArray(point.distributionPoint) ? point.distributionPoint : [];
    for (const name of names) {
      if (name instanceof pkijs.GeneralName && name.type === 6 && /^https?:\/\//i.test(String(name.value))) {
        urls.push(String(name.value));
      }
    }
  }
  return urls;
}

/** An OCSPResponse (DER) for `certificate` from its issuer's responder, with a nonce it must echo. */
async function fetchOcsp(
  certificate: PooledCertificate,
  issuer: PooledCertificate,
  url: string,
  fetchImpl: typeof fetch,
): Promise<Uint8Array> {
  const sha1 = (bytes: Uint8Array) => createHash("sha1").update(bytes).digest();
  const certId = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: OID.sha1 }), new asn1js.Null()] }),
      new asn1js.OctetString({ valueHex: sha1(new Uint8Array(issuer.parsed.subject.toSchema().toBER())) }),
      new asn1js.OctetString({
        valueHex: sha1(issuer.parsed.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView),
      }),
      new asn1js.Integer({ valueHex: certificate.parsed.serialNumber.valueBlock.valueHexView }),
    ],
  });
  const nonce = new asn1js.OctetString({ valueHex: randomBytes(16) }).toBER();
  const request = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({
        value: [
          new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [certId] })] }),
          new asn1js.Constructed({
            idBlock: { tagClass: 3, tagNumber: 2 },
            value: [
              new asn1js.Sequence({
                value: [
                  new asn1js.Sequence({
                    value: [
                      new asn1js.ObjectIdentifier({ value: OID.ocspNonce }),
                      new asn1js.OctetString({ valueHex: nonce }),
                    ],
                  }),
                ],
              }),
            ],
          }),
        ],
      }),
    ],
  });
  const body = await fetchBytes(url, fetchImpl, "application/ocsp-response", {
    method: "POST",
    headers: { "content-type": "application/ocsp-request" },
    body: new Uint8Array(request.toBER()),
  });
  const basic = basicResponse(body);
  const nonceExtension = basic.tbsResponseData.responseExtensions?.find((item) => item.extnID === OID.ocspNonce);
  if (!nonceExtension || !Buffer.from(nonceExtension.extnValue.valueBlock.valueHexView).equals(Buffer.from(nonce))) {
    throw new Error(`The OCSP responder at ${url} did not echo the request's nonce: the answer may be a replay.`);
  }
  return body;
}

function basicResponse(der: Uint8Array): pkijs.BasicOCSPResponse {
  const response = pkijs.OCSPResponse.fromBER(new Uint8Array(der));
  const status = response.responseStatus.valueBlock.valueDec;
  if (status !== 0 || !response.responseBytes || response.responseBytes.responseType !== OID.ocspBasic) {
    throw new Error(`The OCSP responder refused the request (status ${status}).`);
  }
  return pkijs.BasicOCSPResponse.fromBER(new Uint8Array(response.responseBytes.response.valueBlock.valueHexView));
}

/** good, revoked or unknown, from the response's first SingleResponse. */
export function ocspStatus(der: Uint8Array): "good" | "revoked" | "unknown" {
  const single = basicResponse(der).tbsResponseData.responses[0];
  const tag = (single?.certStatus as asn1js.BaseBlock | undefined)?.idBlock.tagNumber;
  return tag === 0 ? "good" : tag === 1 ? "revoked" : "unknown";
}

async function fetchBytes(
  url: string,
  fetchImpl: typeof fetch,
  accept: string,
  init: RequestInit = {},
): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      ...init,
      headers: { accept, ...(init.headers as Record<string, string> | undefined) },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
  } catch (error) {
    throw new Error(`Long-term validation data could not be fetched from ${url}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (!response.ok)
    throw new Error(`Long-term validation data could not be fetched from ${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * The DSS as an incremental update: the document's existing /DSS (a renewal's) kept and added to,
 * each certificate, OCSP response and CRL one stream however many signatures use it.
 */
function appendDss(
  pdf: Uint8Array,
  document: PDFDocument,
  validation: Map<string, { certs: Uint8Array[]; ocsps: Uint8Array[]; crls: Uint8Array[] }>,
): Uint8Array {
  const { context } = document;
  const objectsBefore = context.largestObjectNumber;
  const streams = new Map<string, PDFRef>();
  const streamOf = (bytes: Uint8Array) => {
    const key = createHash("sha256").update(bytes).digest("hex");
    let ref = streams.get(key);
    if (!ref) {
      ref = context.register(context.stream(bytes));
      streams.set(key, ref);
    }
    return ref;
  };
  const existing = document.catalog.lookupMaybe(PDFName.of("DSS"), PDFDict);
  const dss = existing ?? context.obj({});
  const arrayIn = (dict: PDFDict, key: string) => {
    const current = dict.lookupMaybe(PDFName.of(key), PDFArray);
    const array = current ?? context.obj([]);
    dict.set(PDFName.of(key), array);
    return array;
  };
  const vri = dss.lookupMaybe(PDFName.of("VRI"), PDFDict) ?? context.obj({});
  dss.set(PDFName.of("VRI"), vri);
  const all = { Certs: new Set<PDFRef>(), OCSPs: new Set<PDFRef>(), CRLs: new Set<PDFRef>() };
  for (const [key, entry] of validation) {
    const refs = {
      Cert: entry.certs.map(streamOf),
      OCSP: entry.ocsps.map(streamOf),
      CRL: entry.crls.map(streamOf),
    };
    for (const ref of refs.Cert) all.Certs.add(ref);
    for (const ref of refs.OCSP) all.OCSPs.add(ref);
    for (const ref of refs.CRL) all.CRLs.add(ref);
    const item = context.obj({});
    for (const [name, list] of Object.entries(refs)) if (list.length > 0) item.set(PDFName.of(name), context.obj(list));
    // when the validation data was gathered (ISO 32000-2 Table 262 /TU)
    item.set(PDFName.of("TU"), PDFString.fromDate(new Date()));
    vri.set(PDFName.of(key), item);
  }
  for (const [name, refs] of Object.entries(all)) {
    const array = arrayIn(dss, name);
    for (const ref of refs) array.push(ref);
  }
  // the DSS dictionary itself indirect, so a renewal changes it and the catalog no more than now
  const changed: PDFRef[] = [document.context.trailerInfo.Root as PDFRef];
  const current = document.catalog.get(PDFName.of("DSS"));
  if (current instanceof PDFRef) changed.push(current);
  else document.catalog.set(PDFName.of("DSS"), context.register(dss));
  return appendIncrementalUpdate(pdf, document, objectsBefore, changed);
}

/** A document timestamp (ISO 32000-2 §12.8.5) over the whole file, as an incremental update. */
async function appendDocumentTimestamp(
  pdf: Uint8Array,
  document: PDFDocument,
  options: LongTermOptions,
): Promise<{ pdf: Uint8Array; token: TimestampToken }> {
  const { context } = document;
  const objectsBefore = context.largestObjectNumber;
  const changed = changedByPlaceholder(document);
  resolveIndirectFormEntries(document);
  const byteRange = PDFArray.withContext(context);
  byteRange.push(PDFNumber.of(0));
  // the placeholder signInPlace (through @signpdf's findByteRange) looks for
  for (let index = 0; index < 3; index++) byteRange.push(PDFName.of("**********"));
  const signatureDict = context.obj({
    Type: "DocTimeStamp",
    Filter: "Adobe.PPKLite",
    SubFilter: "ETSI.RFC3161",
    ByteRange: byteRange,
    Contents: PDFHexString.of("0".repeat(DOC_TIMESTAMP_BYTES * 2)),
  });
  // written as bytes so the placeholder survives exactly as findByteRange expects it
  const bytes = new Uint8Array(signatureDict.sizeInBytes());
  signatureDict.copyBytesInto(bytes, 0);
  const signatureRef = context.register(PDFInvalidObject.of(bytes));
  const page = document.getPages()[0]!;
  const existingFields = document.catalog
    .lookupMaybe(PDFName.of("AcroForm"), PDFDict)
    ?.lookupMaybe(PDFName.of("Fields"), PDFArray);
  const widget = context.register(
    context.obj({
      Type: "Annot",
      Subtype: "Widget",
      FT: "Sig",
      Rect: [0, 0, 0, 0],
      V: signatureRef,
      T: PDFString.of(`Signet document timestamp ${(existingFields?.size() ?? 0) + 1}`),
      F: 132, // print, locked
      P: page.ref,
    }),
  );
  const annotations = page.node.lookupMaybe(PDFName.of("Annots"), PDFArray) ?? context.obj([]);
  annotations.push(widget);
  page.node.set(PDFName.of("Annots"), annotations);
  let acroForm = document.catalog.lookupMaybe(PDFName.of("AcroForm"), PDFDict);
  if (!acroForm) {
    acroForm = context.obj({ Fields: [] });
    document.catalog.set(PDFName.of("AcroForm"), context.register(acroForm));
  }
  const fields = acroForm.lookupMaybe(PDFName.of("Fields"), PDFArray) ?? context.obj([]);
  fields.push(widget);
  acroForm.set(PDFName.of("Fields"), fields);
  // signatures exist, append only (ISO 32000-1 Table 219)
  acroForm.set(PDFName.of("SigFlags"), PDFNumber.of(3));

  const prepared = appendIncrementalUpdate(pdf, document, objectsBefore, changed);
  let token: TimestampToken | null = null;
  const signed = await signInPlace(prepared, pdf.length, async (digest) => {
    token = await requestTimestamp(digest, options.timestampUrl, options.fetch);
    return token.der;
  });
  return { pdf: signed, token: token! };
}

function commonName(certificate: X509Certificate): string {
  const line = certificate.subject.split("\n").find((part) => part.startsWith("CN="));
  return line ? line.slice(3) : certificate.subject.replace(/\n/g, ", ");
}

/**
 * Issued by itself: same name and its own key verifies it. (X509Certificate.checkIssued also wants
 * keyCertSign in the issuer's key usage, which a self-signed end-entity seal does not have.)
 */
export function isSelfSigned(certificate: X509Certificate): boolean {
  return certificate.subject === certificate.issuer && certificate.verify(certificate.publicKey);
}
