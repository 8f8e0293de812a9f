import { createHash, sign } from "node:crypto";
import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { SUBFILTER_ETSI_CADES_DETACHED } from "@signpdf/utils";
import * as asn1js from "asn1js";
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRef, PDFString } from "pdf-lib";
import * as pkijs from "pkijs";
import { appendIncrementalUpdate } from "./append-incremental-update.ts";
import { declaredPdfa, keepHeaderVersion } from "./pdfa-conformance.ts";
import { requestTimestamp } from "./request-timestamp.ts";
import type { SealCredentials } from "./seal-credentials.ts";
import { signInPlace } from "./sign-in-place.ts";
import { takeWritten } from "./written-documents.ts";

export interface SealOptions {
  reason: string;
  location?: string;
  name: string;
  contactInfo?: string;
  /** the claimed signing time, in /M and (by default) the CMS signing-time attribute; now when absent */
  signingTime?: Date;
  /** an RFC 3161 time-stamping authority: the seal becomes PAdES B-T */
  timestampUrl?: string;
  fetch?: typeof fetch;
  /**
   * Whether the CMS carries the signing-time signed attribute (default true). ISO 32000-2 §12.8.3.4.3
   * allows it for ETSI.CAdES.detached; ETSI EN 319 142-1 (PAdES baseline) forbids it and wants the
   * claimed time in /M only, which strict baseline validators check: pass false for them.
   */
  signingTimeAttribute?: boolean;
  /**
   * Keep the file's earlier signatures valid (issue 34 §4: Signet seals a notarized document after
   * the notary signed it): the seal is appended as an incremental update of the bytes as given,
   * never a rewrite. The file must end with a classic cross-reference table (sealPdf's output does).
   */
  appendToSigned?: boolean;
}

const OID = {
  data: "1.2.840.113549.1.7.1",
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingTime: "1.2.840.113549.1.9.5",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  signatureTimeStampToken: "1.2.840.113549.1.9.16.2.14",
  tstInfo: "1.2.840.113549.1.9.16.1.4",
  sha256: "2.16.840.1.101.3.4.2.1",
  rsaEncryption: "1.2.840.113549.1.1.1",
  ecdsaWithSha256: "1.2.840.10045.4.3.2",
} as const;

/**
 * Seals a finished PDF: a PAdES signature (/SubFilter ETSI.CAdES.detached) whose ByteRange covers
 * the whole file but the /Contents hex. A file this process just wrote (flattenDocument, the
 * certificate) gets the signature as an incremental update; any other is rewritten in full, so any
 * earlier signature in it stops validating: seal once, as the last step.
 */
export async function sealPdf(
  pdf: Uint8Array,
  credentials: SealCredentials,
  options: SealOptions,
): Promise<Uint8Array> {
  const signingTime = options.signingTime ?? new Date();
  if (signingTime.getTime() > credentials.notAfter.getTime()) {
    throw new Error(`The seal certificate expired on ${credentials.notAfter.toISOString()}; install a new one.`);
  }
  // flattenDocument and the certificate leave the document they wrote: no need to parse it again
  const written = takeWritten(pdf);
  const document = written ?? (await PDFDocument.load(pdf, { updateMetadata: false }));
  const objectsBefore = document.context.largestObjectNumber;
  // what the placeholder below changes among the existing objects: the catalog (its /AcroForm), the
  // first page (its /Annots), and the form and annotation objects when they are indirect
  const changed = changedByPlaceholder(document);
  resolveIndirectFormEntries(document);
  pdflibAddPlaceholder({
    pdfDoc: document,
    reason: pdfText(options.reason),
    name: pdfText(options.name),
    location: pdfText(options.location ?? ""),
    contactInfo: pdfText(options.contactInfo ?? ""),
    signingTime,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    signatureLength: placeholderBytes(credentials, Boolean(options.timestampUrl)),
  });
  nameAddedFieldUniquely(document);
  // A document this process has just written is signed as an incremental update of those bytes
  // rather than written out again, which cost as much as the whole flatten. Anything else is
  // rewritten in full. The placeholder is found by scanning the bytes: object streams would
  // compress it away (and PDF/A-1 files may have none); a PDF/A file keeps its header version,
  // signed as it is (and no form appearances rebuilt: a parsed document never has them to rebuild)
  const incremental = Boolean(written) || options.appendToSigned === true;
  const prepared = incremental
    ? appendIncrementalUpdate(pdf, document, objectsBefore, changed)
    : keepHeaderVersion(
        await document.save({ useObjectStreams: false, updateFieldAppearances: false }),
        pdf,
        declaredPdfa(document),
      );
  // the placeholder is in the update, past the written bytes; anywhere in a rewritten file
  return signInPlace(prepared, incremental ? pdf.length : 0, (digest) =>
    cadesSignature(digest, credentials, options, signingTime),
  );
}

/** Raw CMS bytes the placeholder reserves (written as twice as many hex digits). */
function placeholderBytes(credentials: SealCredentials, timestamped: boolean): number {
  const certificates = credentials.certificate.length + credentials.chain.reduce((sum, der) => sum + der.length, 0);
  // a TSA's token carries its own certificate chain: typically 3–6 KB
  const needed = 2048 + certificates + (timestamped ? 12_288 : 0);
  return Math.max(timestamped ? 16_384 : 8_192, Math.ceil(needed / 1024) * 1024);
}

/** The existing objects pdflibAddPlaceholder and resolveIndirectFormEntries may change. */
export function changedByPlaceholder(document: PDFDocument): PDFRef[] {
  const refs: PDFRef[] = [];
  const add = (value: unknown) => {
    if (value instanceof PDFRef) refs.push(value);
  };
  add(document.context.trailerInfo.Root);
  const firstPage = document.getPages()[0];
  if (firstPage) {
    add(firstPage.ref);
    add(firstPage.node.get(PDFName.of("Annots")));
  }
  const acroForm = document.catalog.get(PDFName.of("AcroForm"));
  add(acroForm);
  const acroFormDict = document.catalog.lookupMaybe(PDFName.of("AcroForm"), PDFDict);
  add(acroFormDict?.get(PDFName.of("Fields")));
  return refs;
}

/**
 * The placeholder helper appends to /AcroForm /Fields only when it is a direct array and replaces
 * an indirect one, dropping the document's fields: inline the resolved values first.
 */
export function resolveIndirectFormEntries(document: PDFDocument): void {
  const acroForm = document.catalog.lookupMaybe(PDFName.of("AcroForm"), PDFDict);
  if (!acroForm) return;
  const fields = acroForm.lookupMaybe(PDFName.of("Fields"), PDFArray);
  if (fields) acroForm.set(PDFName.of("Fields"), fields);
  const sigFlags = acroForm.lookupMaybe(PDFName.of("SigFlags"), PDFNumber);
  if (sigFlags) acroForm.set(PDFName.of("SigFlags"), sigFlags);
}

/**
 * The placeholder helper names every field it adds "Signature1"; a watermarked copy of a sealed file
 * already has one, and two fields of one name are one field to a PDF reader. The added field (the
 * last of /Fields) takes the next free "SignatureN".
 */
export function nameAddedFieldUniquely(document: PDFDocument): void {
  const fields = document.catalog
    .lookupMaybe(PDFName.of("AcroForm"), PDFDict)
    ?.lookupMaybe(PDFName.of("Fields"), PDFArray);
  if (!fields || fields.size() < 2) return;
  const nameOf = (index: number) =>
    fields.lookupMaybe(index, PDFDict)?.lookupMaybe(PDFName.of("T"), PDFString, PDFHexString)?.decodeText();
  const taken = new Set<string>();
  for (let index = 0; index < fields.size() - 1; index += 1) {
    const name = nameOf(index);
    if (name !== undefined) taken.add(name);
  }
  const added = fields.lookupMaybe(fields.size() - 1, PDFDict);
  const name = nameOf(fields.size() - 1);
  if (!added || name === undefined || !taken.has(name)) return;
  let next = 2;
  while (taken.has(`Signature${next}`)) next += 1;
  added.set(PDFName.of("T"), PDFString.of(`Signature${next}`));
}

/**
 * The helper writes strings as raw (text) bytes without escaping: keep Latin-1 printables (PDFDocEncoding
 * agrees with it there), replace the rest, and escape the delimiters.
 */
function pdfText(text: string): string {
  return Array.from(text, (char) => {
    const code = char.codePointAt(0)!;
    if ((code < 0x20 || code > 0x7e) && (code < 0xa1 || code > 0xff)) return "?";
    return char === "\\" || char === "(" || char === ")" ? `\\${char}` : char;
  }).join("");
}

/**
 * The detached CMS over `digest` (SHA-256 of the signed byte ranges), built with pkijs and signed
 * with node:crypto, using the key unlocked once.
 */
async function cadesSignature(
  digest: Buffer,
  credentials: SealCredentials,
  options: SealOptions,
  signingTime: Date,
): Promise<Buffer> {
  const { leaf, certificates, essSigningCertificate } = parsedCertificates(credentials);
  const attributes = [
    attribute(OID.contentType, new asn1js.ObjectIdentifier({ value: OID.data })),
    attribute(OID.messageDigest, new asn1js.OctetString({ valueHex: digest })),
    attribute(OID.signingCertificateV2, essSigningCertificate),
  ];
  if (options.signingTimeAttribute !== false) {
    attributes.push(attribute(OID.signingTime, asn1Time(signingTime)));
  }
  const signedAttrs = new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes: derSorted(attributes) });
  // the signature covers the attributes as a DER SET (tag 0x31), not as the [0] they are stored in
  const toSign = new Uint8Array(signedAttrs.toSchema().toBER());
  toSign[0] = 0x31;
  const ec = credentials.privateKey.asymmetricKeyType === "ec";
  const signature = sign("sha256", toSign, credentials.privateKey);

  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({ issuer: leaf.issuer, serialNumber: leaf.serialNumber }),
    digestAlgorithm: algorithm(OID.sha256),
    signedAttrs,
    signatureAlgorithm: ec ? algorithm(OID.ecdsaWithSha256, false) : algorithm(OID.rsaEncryption),
    signature: new asn1js.OctetString({ valueHex: signature }),
  });
  if (options.timestampUrl) {
    // CAdES signature-time-stamp: a token over SHA-256 of the signature value
    const imprint = createHash("sha256").update(signature).digest();
    const { token } = await requestTimestamp(imprint, options.timestampUrl, options.fetch ?? fetch);
    signerInfo.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
      type: 1,
      attributes: [attribute(OID.signatureTimeStampToken, token)],
    });
  }

  const signedData = new pkijs.SignedData({
    version: 1,
    digestAlgorithms: [algorithm(OID.sha256)],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    certificates,
    signerInfos: [signerInfo],
  });
  const contentInfo = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  return Buffer.from(contentInfo.toSchema().toBER());
}

interface ParsedCertificates {
  leaf: pkijs.Certificate;
  /** the leaf, then its chain, as the CMS carries them */
  certificates: pkijs.Certificate[];
  essSigningCertificate: asn1js.Sequence;
}
const parsed = new WeakMap<SealCredentials, ParsedCertificates>();

/**
 * The credentials' certificates parsed once (a job seals every document of a package with the same
 * credentials, and parsing them took a third of the signature's cost). pkijs only reads them when
 * encoding, so one parse serves every seal.
 */
function parsedCertificates(credentials: SealCredentials): ParsedCertificates {
  let entry = parsed.get(credentials);
  if (!entry) {
    const certificates = [credentials.certificate, ...credentials.chain].map((der) => {
      const certificate = pkijs.Certificate.fromBER(new Uint8Array(der));
      // pkijs parses a certificate's DER again each time the CMS encodes it (most of a small
      // document's seal): encode from one parse, as essSigningCertificate is
      const schema = certificate.toSchema();
      certificate.toSchema = () => schema;
      return certificate;
    });
    const leaf = certificates[0]!;
    entry = { leaf, certificates, essSigningCertificate: signingCertificateV2(leaf, credentials.certificate) };
    parsed.set(credentials, entry);
  }
  return entry;
}

function attribute(type: string, value: asn1js.AsnType): pkijs.Attribute {
  return new pkijs.Attribute({ type, values: [value] });
}

function algorithm(algorithmId: string, nullParams = true): pkijs.AlgorithmIdentifier {
  // RSA and digest identifiers carry an explicit NULL; ECDSA ones must carry nothing (RFC 5754)
  return new pkijs.AlgorithmIdentifier(
    nullParams ? { algorithmId, algorithmParams: new asn1js.Null() } : { algorithmId },
  );
}

/** signing-time is UTCTime through 2049, GeneralizedTime after (RFC 5652 §11.3). */
function asn1Time(date: Date): asn1js.AsnType {
  const seconds = new Date(Math.floor(date.getTime() / 1000) * 1000);
  return date.getUTCFullYear() < 2050
    ? new asn1js.UTCTime({ valueDate: seconds })
    : new asn1js.GeneralizedTime({ valueDate: seconds });
}

/**
 * The signature covers the SET's bytes. DER orders a SET OF by its members' encodings; a verifier
 * that re-encodes the attributes instead of hashing the bytes it received only gets the same bytes
 * back when they were already in DER order.
 */
function derSorted(attributes: pkijs.Attribute[]): pkijs.Attribute[] {
  const encoded = attributes.map((item) => ({ item, der: Buffer.from(item.toSchema().toBER()) }));
  return encoded.sort((a, b) => Buffer.compare(a.der, b.der)).map(({ item }) => item);
}

/**
 * ESS signing-certificate-v2 (RFC 5035), required by CAdES/PAdES: binds the signer's certificate
 * into the signed attributes so it cannot be swapped for another with the same key.
 * The hash algorithm is omitted because SHA-256 is its DER default.
 */
function signingCertificateV2(leaf: pkijs.Certificate, leafDer: Uint8Array): asn1js.Sequence {
  const certHash = createHash("sha256").update(leafDer).digest();
  const issuerSerial = new asn1js.Sequence({
    value: [
      // GeneralNames holding one directoryName: [4] EXPLICIT Name
      new asn1js.Sequence({
        value: [new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 4 }, value: [leaf.issuer.toSchema()] })],
      }),
      new asn1js.Integer({ valueHex: leaf.serialNumber.valueBlock.valueHexView }),
    ],
  });
  const essCertIdV2 = new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: certHash }), issuerSerial] });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
}
