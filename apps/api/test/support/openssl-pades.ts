// An independent check of PAdES B-LT/B-LTA files with tools Signet's code does not share: qpdf reads
// the file's objects (the DSS), OpenSSL's command line checks the CMS signature, the RFC 3161
// tokens, the OCSP responses, the CRLs and the certificate chain. (pyHanko would do all of it in one
// call but cannot be installed here: no PyPI, no Debian package; see docs/operations/long-term-signatures.md.)
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface PdfSignature {
  /** the bytes the signature covers (its /ByteRange) */
  signed: Buffer;
  /** the DER in /Contents, its zero padding removed */
  contents: Buffer;
  documentTimestamp: boolean;
}

/** Every signature in the file, in file order, found by its filled-in /ByteRange. */
export function pdfSignatures(pdf: Uint8Array): PdfSignature[] {
  const bytes = Buffer.from(pdf);
  const text = bytes.toString("latin1");
  const found: PdfSignature[] = [];
  for (const match of text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)) {
    const [a, b, c, d] = match.slice(1).map(Number) as [number, number, number, number];
    const signed = Buffer.concat([bytes.subarray(a, a + b), bytes.subarray(c, c + d)]);
    const hex = Buffer.from(text.slice(a + b + 1, c - 1), "hex");
    // the dictionary holding this /ByteRange: from the nearest "obj" before it to the next "endobj"
    const dictionary = text.slice(text.lastIndexOf(" obj", match.index), text.indexOf("endobj", match.index));
    found.push({
      signed,
      contents: hex.subarray(0, derLength(hex)),
      documentTimestamp: /\/SubFilter\s*\/ETSI\.RFC3161/.test(dictionary),
    });
  }
  return found;
}

/** The length of the DER element at the start of `bytes` (header and content). */
function derLength(bytes: Buffer): number {
  const first = bytes[1]!;
  if (first < 0x80) return 2 + first;
  const count = first & 0x7f;
  return 2 + count + bytes.subarray(2, 2 + count).reduce((sum, byte) => sum * 256 + byte, 0);
}

export interface Dss {
  certs: Buffer[];
  ocsps: Buffer[];
  crls: Buffer[];
  /** the /VRI keys */
  vri: string[];
}

/** The document security store as qpdf reads it (the file's final revision). */
export function readDss(pdf: Uint8Array): Dss | null {
  const work = mkdtempSync(join(tmpdir(), "signet-dss-"));
  try {
    const file = join(work, "in.pdf");
    writeFileSync(file, pdf);
    const json = JSON.parse(
      execFileSync("qpdf", ["--json", "--json-stream-data=inline", "--decode-level=generalized", file], {
        maxBuffer: 256 * 1024 * 1024,
      }).toString(),
    ) as { qpdf: [unknown, Record<string, { value?: unknown; stream?: { data?: string; dict: unknown } }>] };
    const objects = json.qpdf[1];
    const resolve = (value: unknown): unknown =>
      typeof value === "string" && /^\d+ \d+ R$/.test(value) ? objects[`obj:${value}`] : value;
    const trailer = objects.trailer?.value as Record<string, string>;
    const catalog = (resolve(trailer["/Root"]) as { value: Record<string, unknown> }).value;
    if (!catalog["/DSS"]) return null;
    const dssObject = resolve(catalog["/DSS"]) as { value?: Record<string, unknown> } | Record<string, unknown>;
    const dss = ("value" in dssObject ? dssObject.value : dssObject) as Record<string, unknown>;
    const streams = (key: string) =>
      ((dss[key] as string[] | undefined) ?? []).map((ref) => {
        const stream = (resolve(ref) as { stream: { data: string } }).stream;
        return Buffer.from(stream.data, "base64");
      });
    const vri = resolve(dss["/VRI"]) as { value?: Record<string, unknown> } | Record<string, unknown> | undefined;
    const vriDict = (vri && "value" in vri ? vri.value : vri) as Record<string, unknown> | undefined;
    return {
      certs: streams("/Certs"),
      ocsps: streams("/OCSPs"),
      crls: streams("/CRLs"),
      vri: Object.keys(vriDict ?? {}).map((key) => key.replace(/^\//, "")),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export interface OpensslResult {
  ok: boolean;
  output: string;
}

/** Runs `openssl` in a scratch directory holding `files`; ok is its exit status 0. */
export function openssl(args: string[], files: Record<string, Uint8Array | string>): OpensslResult {
  const work = mkdtempSync(join(tmpdir(), "signet-openssl-"));
  try {
    for (const [name, content] of Object.entries(files)) writeFileSync(join(work, name), content);
    const run = spawnSync("openssl", args, { cwd: work, encoding: "utf8" });
    return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export const pem = (der: Uint8Array, label = "CERTIFICATE") =>
  `-----BEGIN ${label}-----\n${Buffer.from(der)
    .toString("base64")
    .replace(/(.{64})/g, "$1\n")
    .replace(/\n$/, "")}\n-----END ${label}-----\n`;

/** openssl's -attime: seconds since the epoch. */
export const epoch = (date: Date) => String(Math.floor(date.getTime() / 1000));

/** The CMS signature over its ByteRange, its chain to `root`, at `at`. */
export function verifyCms(signature: PdfSignature, root: Uint8Array, at: Date): OpensslResult {
  return openssl(
    [
      "cms",
      "-verify",
      "-inform",
      "DER",
      "-in",
      "sig.der",
      "-content",
      "data.bin",
      "-binary",
      "-CAfile",
      "root.pem",
      "-attime",
      epoch(at),
      "-out",
      "/dev/null",
    ],
    { "sig.der": signature.contents, "data.bin": signature.signed, "root.pem": pem(root) },
  );
}

/** An RFC 3161 token (a document timestamp's /Contents) over `data`, its TSA chaining to `root`. */
export function verifyTimestampToken(token: Uint8Array, data: Uint8Array, root: Uint8Array): OpensslResult {
  return openssl(["ts", "-verify", "-token_in", "-in", "token.der", "-data", "data.bin", "-CAfile", "root.pem"], {
    "token.der": token,
    "data.bin": data,
    "root.pem": pem(root),
  });
}

/** The time in an RFC 3161 token, as `openssl ts -reply -text` prints it. */
export function timestampTime(token: Uint8Array): Date {
  const result = openssl(["ts", "-reply", "-token_in", "-in", "token.der", "-text"], { "token.der": token });
  const line = /Time stamp: (.+)/.exec(result.output)?.[1];
  if (!line) throw new Error(`no time in the token:\n${result.output}`);
  return new Date(line);
}

/** An OCSP response checked against `issuer` and `root`; the status openssl reports for `certificate`. */
export function ocspStatus(
  response: Uint8Array,
  certificate: Uint8Array,
  issuer: Uint8Array,
  root: Uint8Array,
): { verified: boolean; status: string | null; output: string } {
  const result = openssl(
    [
      "ocsp",
      "-respin",
      "resp.der",
      "-issuer",
      "issuer.pem",
      "-cert",
      "cert.pem",
      "-CAfile",
      "root.pem",
      "-verify_other",
      "issuer.pem",
      "-no_nonce",
    ],
    { "resp.der": response, "issuer.pem": pem(issuer), "cert.pem": pem(certificate), "root.pem": pem(root) },
  );
  return {
    verified: /Response verify OK/.test(result.output),
    status: /cert\.pem: (\w+)/.exec(result.output)?.[1] ?? null,
    output: result.output,
  };
}

/** A CRL's signature checked against the certificates in `chain` (PEM). */
export function verifyCrl(crl: Uint8Array, chain: Uint8Array[]): OpensslResult {
  const result = openssl(["crl", "-inform", "DER", "-in", "crl.der", "-CAfile", "chain.pem", "-noout"], {
    "crl.der": crl,
    "chain.pem": chain.map((der) => pem(der)).join(""),
  });
  return { ok: result.ok && /verify OK/.test(result.output), output: result.output };
}

/** `openssl verify -crl_check_all` of `leaf` at `at`, with these CRLs and intermediates. */
export function verifyChainAt(
  leaf: Uint8Array,
  intermediates: Uint8Array[],
  root: Uint8Array,
  crls: Uint8Array[],
  at: Date,
): OpensslResult {
  const crlPems = crls.map((crl) => openssl(["crl", "-inform", "DER", "-in", "crl.der"], { "crl.der": crl }).output);
  return openssl(
    [
      "verify",
      "-attime",
      epoch(at),
      "-crl_check_all",
      "-CRLfile",
      "crls.pem",
      "-CAfile",
      "root.pem",
      "-untrusted",
      "intermediates.pem",
      "leaf.pem",
    ],
    {
      "crls.pem": crlPems.join(""),
      "root.pem": pem(root),
      "intermediates.pem": intermediates.map((der) => pem(der)).join(""),
      "leaf.pem": pem(leaf),
    },
  );
}

/** Certificates (DER) a CMS carries, as openssl prints them. */
export function cmsCertificates(contents: Uint8Array): Buffer[] {
  const result = openssl(["pkcs7", "-inform", "DER", "-in", "sig.der", "-print_certs"], { "sig.der": contents });
  return [...result.output.matchAll(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)].map((block) =>
    Buffer.from(block[0].replace(/-----[A-Z ]+-----|\s/g, ""), "base64"),
  );
}
