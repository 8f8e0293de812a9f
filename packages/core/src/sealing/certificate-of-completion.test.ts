import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { auditDetailsText, auditSentence } from "@signet/contract";
import { PDFDict, PDFDocument, PDFName } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CertificateData, renderCertificateOfCompletion } from "./certificate-of-completion.ts";

// a 60×20 PNG
const SIGNATURE_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAADwAAAAUCAIAAABeYcl+AAAALUlEQVR42u3OQQkAAAgEsItiBCMa3RQ+hMECLNXzTqSlpaWlpaWlpaWlpaUvLG4Hzy6E1xDZAAAAAElFTkSuQmCC",
  "base64",
);
const sha = (seed: string) => createHash("sha256").update(seed).digest("hex");

const EVENT_TYPES = [
  "package.created",
  "package.sent",
  "invitation.delivered",
  "invitation.opened",
  "participant.authenticated",
  "consent.granted",
  "document.viewed",
  "tag.signed",
  "consent.withdrawn",
  "package.corrected",
  "package.completed",
  "package.sealed",
];
const USER_AGENT =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

function certificateData(overrides: Partial<CertificateData> = {}): CertificateData {
  const participants: CertificateData["participants"] = [
    ["José Ñúñez", "Borrower"],
    ["王小明", "Co-borrower"],
    ["Dana O'Brien", "Loan officer"],
  ].map(([name, displayName], index) => ({
    displayName: displayName!,
    name: name!,
    email: `person${index}@example.com`,
    phone: index === 1 ? "+1 555 0100" : null,
    type: index === 2 ? "CC" : "SIGNER",
    accessMethod: "Email link",
    authentication: ["Email link", "SMS one-time code"],
    consent:
      index === 2
        ? null
        : {
            version: "2026-01",
            sha256: sha(`consent-${index}`),
            grantedAt: "2026-11-20T10:00:00.000Z",
            ip: "203.0.113.7",
            userAgent: USER_AGENT,
            givenBy: "Pressing 'I agree' under the disclosure shown in the signing room",
            withdrawnAt: null,
          },
    status: "FINISHED",
    finishedAt: "2026-11-20T10:05:00.000Z",
    signaturePng: index === 2 ? null : new Uint8Array(SIGNATURE_PNG),
  }));
  return {
    package: {
      id: "6f1c2c9e-3c57-4b4e-9d4e-0a4f3f1f2b11",
      shortId: "PKG-7K3Q",
      name: "Refinance closing package for José Ñúñez",
      organizationName: "Acme Lending",
      status: "COMPLETED",
      sentAt: "2026-11-20T09:00:00.000Z",
      completedAt: "2026-11-20T10:30:00.000Z",
      timeZone: "America/Chicago",
    },
    documents: [
      {
        name: "Closing Disclosure.pdf",
        pages: 5,
        sha256Original: sha("doc-1"),
        sha256AtSend: sha("doc-1"),
        sha256Final: sha("doc-1-final"),
      },
      {
        name: "Promissory note with a rather long file name that has to wrap.pdf",
        pages: 3,
        sha256Original: sha("doc-2"),
        sha256AtSend: sha("doc-2"),
        sha256Final: sha("doc-2-final"),
      },
      { name: "Deed of trust.pdf", pages: 12, sha256Original: sha("doc-3"), sha256AtSend: null, sha256Final: null },
    ],
    participants,
    events: Array.from({ length: 150 }, (_, index) => ({
      sequence: index + 1,
      occurredAt: new Date(Date.UTC(2026, 10, 20, 9, 0, index)).toISOString(),
      sentence: `${participants[index % 3]!.name} did ${EVENT_TYPES[index % EVENT_TYPES.length]!}.`,
      ip: index % 5 === 0 ? null : `198.51.100.${index % 250}`,
      userAgent: index % 4 === 0 ? null : USER_AGENT,
      details: `detail-${index + 1}-end${index % 7 === 0 ? ` drawn image sha256 ${sha(`image-${index}`)} and more words to wrap` : ""}`,
    })),
    chain: { valid: true, events: 150, lastHash: sha("last") },
    generatedAt: "2026-11-20T10:31:00.000Z",
    ...overrides,
  };
}

const scratch = mkdtempSync(join(tmpdir(), "signet-certificate-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let files = 0;
function pdftotext(pdf: Uint8Array, ...args: string[]): string {
  const file = join(scratch, `${files++}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", [...args, file, "-"]).toString("utf8");
}

describe("renderCertificateOfCompletion", () => {
  const data = certificateData();
  let pdf: Uint8Array;
  let text: string;
  let pages: number;
  beforeAll(async () => {
    pdf = await renderCertificateOfCompletion(data);
    text = pdftotext(pdf);
    pages = (await PDFDocument.load(pdf)).getPageCount();
  });

  it("lays ~150 events out over several Letter pages", async () => {
    expect(pages).toBeGreaterThanOrEqual(4);
    const document = await PDFDocument.load(pdf);
    for (const page of document.getPages()) expect(page.getSize()).toEqual({ width: 612, height: 792 });
    expect(text).toContain("Certificate of Completion");
    for (const section of ["Package", "Documents", "Participants", "Audit trail"]) expect(text).toContain(section);
  });

  it("shows every event, whichever page it lands on", () => {
    for (const type of EVENT_TYPES) expect(text).toContain(`did ${type}`);
    for (const event of data.events) {
      expect(text).toContain(`detail-${event.sequence}-end`);
      expect(text).toContain(event.occurredAt);
    }
  });

  it("shows every SHA-256 whole, on one line", () => {
    const hashes = [
      ...data.documents.flatMap((document) => [document.sha256Original, document.sha256Final]),
      ...data.participants.map((participant) => participant.consent?.sha256),
      data.chain.lastHash,
    ].filter((hash): hash is string => typeof hash === "string");
    expect(hashes).toHaveLength(8);
    for (const hash of hashes) expect(text).toContain(hash);
    expect(text).toContain("not sealed yet");
  });

  it("shows each document's hash at upload, at send and after sealing, and flags a change", async () => {
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain(`At upload (stored original) ${sha("doc-1")} At send ${sha("doc-1")}`);
    expect(flat).toContain(`After (sealed) ${sha("doc-1-final")}`);
    expect(flat).toContain("At send not sent");
    expect(flat).not.toContain("DIFFERS");
    const base = certificateData();
    const changed = await renderCertificateOfCompletion({
      ...base,
      documents: [{ ...base.documents[0]!, sha256AtSend: sha("something else") }],
    });
    const changedText = pdftotext(changed).replace(/\s+/g, " ");
    expect(changedText).toContain(sha("something else"));
    expect(changedText).toContain("DIFFERS from the hash at upload");
  });

  it("puts 'Page N of M' on every page", () => {
    for (let page = 1; page <= pages; page++) {
      expect(pdftotext(pdf, "-f", String(page), "-l", String(page))).toContain(`Page ${page} of ${pages}`);
    }
  });

  it("repeats the audit table header on the pages it continues onto", () => {
    const auditPages = Array.from({ length: pages }, (_, i) =>
      pdftotext(pdf, "-f", String(i + 1), "-l", String(i + 1)),
    ).filter((page) => /detail-\d+-end/.test(page));
    expect(auditPages.length).toBeGreaterThan(1);
    for (const page of auditPages) expect(page).toContain("IP address / user agent");
  });

  it("shows participants with authentication, consent and the time zone", () => {
    expect(text).toContain("José Ñúñez");
    expect(text).toContain("王小明");
    expect(text).toContain("Email link; SMS one-time code");
    expect(text).toContain("version 2026-01, granted 2026-11-20T10:00:00.000Z");
    expect(text).toContain("203.0.113.7");
    expect(text).toContain("Pressing 'I agree' under the disclosure shown in the signing room");
    expect(text).toContain("none recorded");
    expect(text).toContain("America/Chicago");
  });

  it("embeds each signature image and registers one font per page", async () => {
    expect(
      Buffer.from(pdf)
        .toString("latin1")
        .match(/\/Subtype\s*\/Image/g),
    ).toHaveLength(2);
    const document = await PDFDocument.load(pdf);
    for (const page of document.getPages()) {
      const fonts = page.node.Resources()?.lookupMaybe(PDFName.of("Font"), PDFDict);
      expect(fonts?.keys().length ?? 0).toBeLessThanOrEqual(1);
    }
  });

  it("says so when the audit chain does not verify", async () => {
    const broken = await renderCertificateOfCompletion(
      certificateData({ chain: { valid: false, events: 150, lastHash: null } }),
    );
    expect(pdftotext(broken).replace(/\s+/g, " ")).toContain("NOT VERIFIED");
  });

  it.each([
    { name: "emoji, CJK and control characters", value: "Zoë 王 😀\u0007 \u202e" },
    { name: "an empty string", value: "" },
  ])("does not fail on $name", async ({ value }) => {
    const base = certificateData();
    const out = await renderCertificateOfCompletion({
      ...base,
      package: { ...base.package, name: value, organizationName: value },
      participants: base.participants.map((participant) => ({ ...participant, name: value, displayName: value })),
      events: base.events.slice(0, 3).map((event) => ({ ...event, sentence: value, details: value })),
    });
    expect((await PDFDocument.load(out)).getPageCount()).toBeGreaterThanOrEqual(1);
  });

  it("writes each audit event as a sentence with its details as labels, never as JSON", async () => {
    const base = certificateData();
    const consent = auditSentence({
      type: "participant.consent-granted",
      actor: "José Ñúñez (Borrower, jose@example.com)",
      data: { participantId: "p-1", consentVersion: 3, consentSha256: sha("consent"), scope: "PACKAGE" },
      names: { "p-1": "José Ñúñez" },
    });
    const out = await renderCertificateOfCompletion({
      ...base,
      events: [
        { ...base.events[0]!, sentence: consent.sentence, details: auditDetailsText(consent.details) },
        ...base.events.slice(1, 4),
      ],
    });
    const output = pdftotext(out).replace(/\s+/g, " ");
    expect(output).toContain("consented to do business electronically (consent version 3).");
    expect(output).toContain("Participant: José Ñúñez");
    expect(output).toContain("Consent document SHA-256:");
    // a long hash may wrap inside the narrow column: whole once the line breaks are gone
    expect(output.replace(/\s+/g, "")).toContain(sha("consent"));
    expect(output).not.toContain('{"');
  });

  it("survives a broken signature image", async () => {
    const base = certificateData();
    const out = await renderCertificateOfCompletion({
      ...base,
      participants: [{ ...base.participants[0]!, signaturePng: new Uint8Array([1, 2, 3]) }],
    });
    expect(pdftotext(out)).toContain("could not be read");
  });

  it("splits an event taller than a page across pages", async () => {
    const words = Array.from({ length: 3000 }, (_, i) => `word${i}`).join(" ");
    const base = certificateData();
    const out = await renderCertificateOfCompletion({
      ...base,
      events: [{ ...base.events[0]!, details: `${words} final-word` }],
    });
    const output = pdftotext(out);
    expect(output).toContain("word0");
    expect(output).toContain("word2999");
    expect(output).toContain("final-word");
    expect((await PDFDocument.load(out)).getPageCount()).toBeGreaterThan(2);
  });
});

describe("the certificate's fixed labels in the participants' languages", () => {
  it("writes each label in English, then in Spanish, Chinese, Vietnamese and Korean, in the embedded font", async () => {
    const base = certificateData();
    const pdf = await renderCertificateOfCompletion({
      ...base,
      languages: ["es", "zh-Hant", "vi", "ko"],
      participants: base.participants.map((participant, index) => ({
        ...participant,
        language: (["es", "zh-Hant", "ko"] as const)[index],
      })),
    });
    // labels wrap inside their column: compare with the line breaks taken out
    const joined = pdftotext(pdf).replace(/\s+/g, "");
    for (const label of [
      "CertificateofCompletion/Certificadodefinalización/完成證明書/Giấychứngnhậnhoàntất/완료증명서",
      "Signature/Firma/簽名/Chữký/서명",
      "Consenttoe-sign/Consentimientoparafirmarelectrónicamente/電子簽署同意/Đồngýkýđiệntử/전자서명동의",
    ]) {
      expect(joined).toContain(label);
    }
    // each participant's language is shown in the loan officer's words
    expect(joined).toContain("Chinese(Traditional)");
    expect(joined).toContain("Korean");
    const file = join(scratch, `${files++}.pdf`);
    writeFileSync(file, pdf);
    const fonts = execFileSync("pdffonts", [file]).toString("utf8").split("\n").slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font.trim().split(/\s+/).at(-5), font).toBe("yes");
  });

  it("numbers every page in English and then in each participant's language, under the title in all of them", async () => {
    const pdf = await renderCertificateOfCompletion(
      certificateData({ languages: ["es", "zh-Hant", "vi", "ko", "tl"] }),
    );
    const pages = (await PDFDocument.load(pdf)).getPageCount();
    expect(pages).toBeGreaterThan(1);
    for (let page = 1; page <= pages; page++) {
      const footer = pdftotext(
        pdf,
        "-f",
        String(page),
        "-l",
        String(page),
        "-y",
        "750",
        "-H",
        "42",
        "-x",
        "0",
        "-W",
        "612",
      );
      const joined = footer.replace(/\s+/g, "");
      for (const phrase of [
        `Page${page}of${pages}`,
        `Página${page}de${pages}`,
        `第${page}頁，共${pages}頁`,
        `Trang${page}trên${pages}`,
        `${pages}페이지중${page}페이지`,
        `Pahina${page}ng${pages}`,
      ]) {
        expect(joined, `page ${page}`).toContain(phrase);
      }
      expect(joined).toContain("CertificateofCompletion/Certificadodefinalización/完成證明書");
    }
  });

  it("stays in English alone when every participant is served in English", async () => {
    const pdf = await renderCertificateOfCompletion(certificateData({ languages: [] }));
    const text = pdftotext(pdf);
    expect(text).toContain("Certificate of Completion");
    expect(text).not.toContain("Certificado");
    expect(pdftotext(pdf, "-f", "1", "-l", "1", "-y", "750", "-H", "42", "-x", "0", "-W", "612")).toMatch(
      /^Certificate of Completion - .*\s+Page 1 of \d+\s*$/,
    );
  });
});
