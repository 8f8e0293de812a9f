import { LANGUAGE_INFO, type ParticipantLanguage } from "@signet/contract";
import { type Color, PDFDocument, type PDFFont, type PDFName, type PDFPage, type PDFRef, rgb } from "pdf-lib";
import { type CertificateLabel, certificateLabel, certificatePageOf } from "./certificate-labels.ts";
import { appendContentStream, fillColor as fill, num, strokeColor as stroke } from "./content-text.ts";
import { deflateWithNodeZlib } from "./deflate-with-node-zlib.ts";
import { embedPng } from "./embed-png.ts";
import { embedUnicodeFont, encodedText, finishFontSubset, printable, textUnits, widthOfText } from "./unicode-font.ts";
import { rememberWritten } from "./written-documents.ts";

export interface CertificateData {
  package: {
    id: string;
    shortId: string;
    name: string;
    organizationName: string;
    status: string;
    sentAt: string | null;
    completedAt: string | null;
    timeZone: string;
  };
  documents: {
    name: string;
    pages: number;
    /** of the stored file, taken at upload */
    sha256Original: string;
    /** of the stored file, taken when the package was sent; null before sending */
    sha256AtSend: string | null;
    sha256Final: string | null;
  }[];
  participants: {
    displayName: string;
    name: string;
    email: string | null;
    phone: string | null;
    type: string;
    accessMethod: string;
    /** e.g. ["Email link", "SMS one-time code"] */
    authentication: string[];
    consent: {
      version: string;
      sha256: string;
      grantedAt: string;
      ip: string | null;
      userAgent: string | null;
      /** how it was given, in words (e.g. typed the code printed in the consent document) */
      givenBy: string;
      withdrawnAt: string | null;
    } | null;
    status: string;
    finishedAt: string | null;
    /** the adopted signature image, shown small */
    signaturePng: Uint8Array | null;
    /** the language they were served in; left out: not shown */
    language?: ParticipantLanguage;
    /** ordered signing (issue 34 §1): the step they signed at, 1..n; left out: everyone at once */
    signingStep?: number;
    /** issue 34 §2b: "Witness to <signer>" or "Witnessed by <witness>"; left out: no witness involved */
    witness?: string;
    /** issue 34 §3: the hand-overs this participant is part of, in words (from whom, to whom); left out: none */
    delegation?: string[];
  }[];
  events: {
    sequence: number;
    occurredAt: string;
    /** who did what, in words (auditSentence in the contract) */
    sentence: string;
    ip: string | null;
    userAgent: string | null;
    /** what the sentence leaves out, as "Label: value" text (never JSON) */
    details: string;
  }[];
  chain: { valid: boolean; events: number; lastHash: string | null };
  generatedAt: string;
  /** issue 33 §6: the fixed labels are in English and then in each of these (the participants' languages) */
  languages?: ParticipantLanguage[];
  /** issue 16 §2: the recordings of the package's completed A/V sessions */
  avRecordings?: { host: string; startedAt: string; sha256: string; durationSeconds: number; retainUntil: string }[];
  /** issue 34 §4: the notarial acts performed in the session, by notary */
  notarization?: {
    notary: string;
    commission: string;
    acts: { act: string; document: string; signers: string; performedAt: string; recording: string }[];
  }[];
}

// US Letter, in points
const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN_X = 50;
const MARGIN_TOP = 50;
const CONTENT_BOTTOM = PAGE_HEIGHT - 56;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
const CELL_PAD_X = 3;
const CELL_PAD_Y = 3;
const SIGNATURE_BOX = { width: 150, height: 40 };
/** the widest a footer line of page phrases gets before the next phrase starts a new line */
const PAGE_NUMBER_WIDTH = 200;

const INK: Color = rgb(0.1, 0.1, 0.12);
const MUTED: Color = rgb(0.4, 0.4, 0.45);
const RULE: Color = rgb(0.78, 0.78, 0.8);
const HEADER_FILL: Color = rgb(0.92, 0.93, 0.95);
const ALERT: Color = rgb(0.7, 0.1, 0.1);

type StyleName = "body" | "label" | "mono" | "small" | "smallBold" | "smallMono";
/**
 * One embedded font draws everything (the standard 14 fonts are not embedded and know no Polish or
 * Chinese); bold is the same glyphs filled and outlined, so no second font file is needed.
 */
interface Face {
  font: PDFFont;
  bold: boolean;
}
interface Style {
  face: Face;
  size: number;
  color: Color;
}
interface Paragraph {
  text: string;
  style: StyleName;
  color?: Color;
}
/** a cell is paragraphs of text, or an image that must stay on one page */
type Cell = Paragraph[] | PlacedImage | { note: string };
/** an image XObject in the document, drawn at width × height points */
interface PlacedImage {
  image: { ref: PDFRef };
  width: number;
  height: number;
}
interface Column {
  title: string;
  width: number;
}
interface Line {
  text: string;
  style: Style;
}

/**
 * Renders the certificate of completion: the package, its documents with their hashes before and
 * after sealing, the participants with how they were authenticated and what they consented to,
 * and every audit event. Pure: same data, same layout (the PDF's own dates aside).
 */
export async function renderCertificateOfCompletion(data: CertificateData): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  deflateWithNodeZlib(document);
  document.setTitle(`Certificate of Completion - ${data.package.name}`);
  document.setProducer("Signet");
  document.setCreator("Signet");
  const font = await embedUnicodeFont(document);
  const regular: Face = { font, bold: false };
  const bold: Face = { font, bold: true };
  // 64 hex digits of a SHA-256 fit on one line at these sizes: the hashes stay copyable and searchable
  const styles: Record<StyleName, Style> = {
    body: { face: regular, size: 8.5, color: INK },
    label: { face: bold, size: 8.5, color: INK },
    mono: { face: regular, size: 7.5, color: INK },
    small: { face: regular, size: 7, color: INK },
    smallBold: { face: bold, size: 7, color: INK },
    smallMono: { face: regular, size: 6.5, color: INK },
  };
  const layout = new Layout(document);
  const label = (key: CertificateLabel) => certificateLabel(key, data.languages ?? []);

  layout.heading(label("title"), bold, 20);
  layout.paragraph(data.package.name, bold, 12, MUTED);
  layout.gap(4);
  layout.paragraph(
    `Times are UTC (ISO 8601). The package's time zone is ${data.package.timeZone}. Generated ${data.generatedAt}.`,
    regular,
    8,
    MUTED,
  );
  layout.gap(10);

  const keyValue: Column[] = [
    { title: "", width: 130 },
    { title: "", width: CONTENT_WIDTH - 130 },
  ];
  const row = (label: string, ...value: Paragraph[]): Cell[] => [[{ text: label, style: "label" }], value];
  const text = (value: string | null | undefined, style: StyleName = "body"): Paragraph => ({
    text: value === null || value === undefined || value === "" ? "-" : value,
    style,
  });

  layout.section(label("package"), bold);
  layout.table(
    keyValue,
    [
      row(label("name"), text(data.package.name)),
      row(label("packageId"), text(data.package.id, "mono")),
      row(label("shortId"), text(data.package.shortId)),
      row(label("organization"), text(data.package.organizationName)),
      row(label("status"), text(data.package.status)),
      row(label("sent"), text(data.package.sentAt)),
      row(label("completed"), text(data.package.completedAt)),
      row(label("timeZone"), text(data.package.timeZone)),
      row(
        label("chain"),
        data.chain.valid
          ? text(`Verified: ${data.chain.events} events, each hash chained to the one before`)
          : {
              text: `NOT VERIFIED: the audit trail does not match its hash chain (${data.chain.events} events)`,
              style: "label",
              color: ALERT,
            },
      ),
      row(label("lastHash"), text(data.chain.lastHash, "mono")),
    ],
    styles,
    { lineHeight: 11, header: false },
  );

  layout.section(label("documents"), bold);
  layout.table(
    [
      { title: label("document"), width: 170 },
      { title: label("pages"), width: 36 },
      { title: label("hashes"), width: CONTENT_WIDTH - 206 },
    ],
    data.documents.map((item) => [
      [text(item.name)],
      [text(String(item.pages))],
      [
        { text: label("atUpload"), style: "small", color: MUTED },
        text(item.sha256Original, "mono"),
        { text: label("atSend"), style: "small", color: MUTED },
        text(item.sha256AtSend ?? "not sent", item.sha256AtSend ? "mono" : "body"),
        // the stored original must not change once uploaded: say so where the reader compares them
        ...(item.sha256AtSend && item.sha256AtSend !== item.sha256Original
          ? [{ text: "DIFFERS from the hash at upload", style: "label" as const, color: ALERT }]
          : []),
        { text: label("afterSealing"), style: "small", color: MUTED },
        text(item.sha256Final ?? "not sealed yet", item.sha256Final ? "mono" : "body"),
      ],
    ]),
    styles,
    { lineHeight: 11, header: true },
  );

  layout.section(label("participants"), bold);
  for (const [index, participant] of data.participants.entries()) {
    const title =
      participant.displayName && participant.displayName !== participant.name
        ? `${index + 1}. ${participant.name} (${participant.displayName})`
        : `${index + 1}. ${participant.name}`;
    layout.subheading(title, bold);
    const consent = participant.consent;
    const rows: Cell[][] = [
      row(label("email"), text(participant.email)),
      row(label("phone"), text(participant.phone)),
      row(label("role"), text(participant.type)),
      row(label("access"), text(participant.accessMethod)),
      row(label("authentication"), text(participant.authentication.join("; ") || "none")),
      ...(participant.signingStep ? [row(label("signingStep"), text(String(participant.signingStep)))] : []),
      row(label("status"), text(participant.status)),
      row(label("finished"), text(participant.finishedAt)),
      ...(participant.language ? [row(label("language"), text(LANGUAGE_INFO[participant.language].englishName))] : []),
      ...(participant.witness ? [row(label("witness"), text(participant.witness))] : []),
      ...(participant.delegation?.length ? [row(label("delegation"), text(participant.delegation.join(" ")))] : []),
    ];
    if (consent) {
      rows.push(
        row(label("consent"), text(`version ${consent.version}, granted ${consent.grantedAt}`)),
        row(label("consentGivenBy"), text(consent.givenBy)),
        row(label("consentSha256"), text(consent.sha256, "mono")),
        row(label("consentIp"), text(consent.ip)),
        row(label("consentUserAgent"), text(consent.userAgent)),
      );
      if (consent.withdrawnAt) rows.push(row(label("consentWithdrawn"), text(consent.withdrawnAt)));
    } else {
      rows.push(row(label("consent"), text("none recorded")));
    }
    rows.push([
      [{ text: label("signature"), style: "label" }],
      await signatureCell(document, participant.signaturePng),
    ]);
    layout.table(keyValue, rows, styles, { lineHeight: 11, header: false });
    layout.gap(6);
  }

  if (data.avRecordings?.length) {
    layout.section(label("recordings"), bold);
    for (const recording of data.avRecordings) {
      layout.table(
        keyValue,
        [
          row(label("sessionHost"), text(recording.host)),
          row(label("started"), text(recording.startedAt)),
          row(label("recordingSha256"), text(recording.sha256, "mono")),
          row(label("duration"), text(`${recording.durationSeconds} seconds`)),
          row(label("retainedUntil"), text(recording.retainUntil)),
        ],
        styles,
        { lineHeight: 11, header: false },
      );
      layout.gap(6);
    }
  }

  if (data.notarization?.length) {
    layout.section(label("notarization"), bold);
    for (const notary of data.notarization) {
      const rows = [row(label("notary"), text(notary.notary)), row(label("commission"), text(notary.commission))];
      for (const act of notary.acts) {
        rows.push(
          row(label("notarialAct"), text(`${act.act}: ${act.document}, for ${act.signers}, at ${act.performedAt}`)),
          row(label("recordingSha256"), text(act.recording, "mono")),
        );
      }
      layout.table(keyValue, rows, styles, { lineHeight: 11, header: false });
      layout.gap(6);
    }
  }

  layout.section(label("auditTrail"), bold);
  layout.table(
    [
      { title: "#", width: 24 },
      { title: label("time"), width: 92 },
      { title: label("event"), width: 180 },
      { title: label("ipAndUserAgent"), width: 106 },
      { title: label("details"), width: CONTENT_WIDTH - 402 },
    ],
    data.events.map((event) => [
      [text(String(event.sequence), "small")],
      [text(event.occurredAt, "small")],
      [text(event.sentence, "small")],
      [text(event.ip, "small"), ...(event.userAgent ? [text(event.userAgent, "small")] : [])],
      [text(event.details, "small")],
    ]),
    styles,
    { lineHeight: 9, header: true, headerStyle: "smallBold" },
  );

  layout.footers(
    `${label("title")} - ${data.package.name} (${data.package.shortId})`,
    (page, pages) => certificatePageOf(page, pages, data.languages ?? []),
    regular,
  );
  layout.writeContent();
  await finishFontSubset(document, font);
  return rememberWritten(await document.save({ useObjectStreams: false }), document);
}

async function signatureCell(document: PDFDocument, png: Uint8Array | null): Promise<Cell> {
  if (!png) return { note: "none" };
  try {
    const image = await embedPng(document, png);
    const scale = Math.min(SIGNATURE_BOX.width / image.width, SIGNATURE_BOX.height / image.height, 1);
    return { image, width: image.width * scale, height: image.height * scale };
  } catch {
    // a broken image must not stop the certificate: say so instead
    return { note: "(the signature image could not be read)" };
  }
}

/** A top-down cursor over Letter pages; y is the distance from the top of the page. */
class Layout {
  readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  /** font resource names per page: each font is registered once on each page */
  private readonly fontKeys = new Map<PDFPage, Map<PDFFont, PDFName>>();
  private readonly imageNames = new Map<PDFPage, Map<PDFRef, PDFName>>();
  /** each page's operators, as content stream text */
  private readonly content = new Map<PDFPage, string[]>();
  private readonly encoded = new Map<string, string>();
  private readonly wrappedLines = new Map<string, string[]>();
  private y = MARGIN_TOP;
  private blank = true;

  constructor(private readonly document: PDFDocument) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.document.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    this.y = MARGIN_TOP;
    this.blank = true;
  }

  gap(points: number): void {
    this.y += points;
  }

  heading(value: string, face: Face, size: number): void {
    this.paragraph(value, face, size, INK);
    this.gap(2);
  }

  /** A section title, moved to the next page when fewer than a few lines would follow it. */
  section(title: string, face: Face): void {
    if (!this.blank) this.gap(10);
    if (this.y + 60 > CONTENT_BOTTOM) this.newPage();
    this.paragraph(title, face, 13, INK);
    this.rule(MARGIN_X, MARGIN_X + CONTENT_WIDTH, this.y + 1, 0.8, INK);
    this.gap(6);
  }

  subheading(title: string, face: Face): void {
    if (this.y + 50 > CONTENT_BOTTOM) this.newPage();
    this.paragraph(title, face, 10, INK);
    this.gap(2);
  }

  paragraph(value: string, face: Face, size: number, color: Color): void {
    const lineHeight = size * 1.3;
    for (const line of this.wrapped(value, face, size, CONTENT_WIDTH)) {
      if (this.y + lineHeight > CONTENT_BOTTOM) this.newPage();
      this.text(line, MARGIN_X, this.y + size, face, size, color);
      this.y += lineHeight;
    }
  }

  /**
   * Rows continue onto new pages, repeating the column header there. A row moves whole to the next
   * page when it fits there; only a row taller than a page is split between pages.
   */
  table(
    columns: Column[],
    rows: Cell[][],
    styles: Record<StyleName, Style>,
    options: { lineHeight: number; header: boolean; headerStyle?: StyleName },
  ): void {
    const { lineHeight } = options;
    const headerStyle = styles[options.headerStyle ?? "label"];
    const headerLines: Line[][] = columns.map((column) =>
      wrap(
        this.clean(column.title, headerStyle.face),
        headerStyle.face.font,
        headerStyle.size,
        column.width - 2 * CELL_PAD_X,
      ).map((text) => ({
        text,
        style: headerStyle,
      })),
    );
    const headerHeight = Math.max(...headerLines.map((lines) => lines.length)) * lineHeight + 2 * CELL_PAD_Y;
    const drawHeader = () => {
      if (!options.header) return;
      this.draw(
        `q ${fill(HEADER_FILL)} ${num(MARGIN_X)} ${num(PAGE_HEIGHT - this.y - headerHeight)} ${num(CONTENT_WIDTH)} ${num(headerHeight)} re f Q\n`,
      );
      this.drawLines(columns, headerLines, 0, Infinity, lineHeight);
      this.y += headerHeight;
    };
    const freshPage = () => {
      this.newPage();
      drawHeader();
      this.blank = true;
    };
    if (this.y + headerHeight + lineHeight + 2 * CELL_PAD_Y > CONTENT_BOTTOM) this.newPage();
    drawHeader();
    this.blank = false;

    for (const cells of rows) {
      const lines = cells.map((cell, index) => this.cellLines(cell, columns[index]!.width, styles));
      const images = cells.map((cell) => ("image" in cell ? cell : null));
      const imageLines = Math.max(0, ...images.map((image) => (image ? Math.ceil(image.height / lineHeight) : 0)));
      const count = Math.max(1, imageLines, ...lines.map((cellLines) => cellLines.length));
      const rowHeight = count * lineHeight + 2 * CELL_PAD_Y;
      const pageRoom = CONTENT_BOTTOM - MARGIN_TOP - (options.header ? headerHeight : 0);
      if (this.y + rowHeight > CONTENT_BOTTOM && (rowHeight <= pageRoom || imageLines > 0) && !this.blank) freshPage();

      for (let start = 0; start < count; ) {
        let fit = Math.floor((CONTENT_BOTTOM - this.y - 2 * CELL_PAD_Y) / lineHeight);
        if (fit < 1) {
          freshPage();
          fit = Math.floor((CONTENT_BOTTOM - this.y - 2 * CELL_PAD_Y) / lineHeight);
        }
        const end = Math.min(count, start + fit);
        const top = this.y;
        this.drawLines(columns, lines, start, end, lineHeight);
        if (start === 0) this.drawImages(columns, images);
        this.y = top + (end - start) * lineHeight + 2 * CELL_PAD_Y;
        this.rule(MARGIN_X, MARGIN_X + CONTENT_WIDTH, this.y, 0.4, RULE);
        this.blank = false;
        start = end;
        if (start < count) freshPage();
      }
    }
  }

  /**
   * "Page N of M" needs the page count, so footers are drawn once everything else is laid out. In
   * several languages the footer takes up to three lines below the rule: the title on the left, the
   * page phrases stacked on the right, never a phrase split between lines.
   */
  footers(title: string, pageOf: (page: number, pages: number) => string[], face: Face): void {
    const size = 7.5;
    const lineHeight = 9;
    const maxLines = 3;
    const footerY = PAGE_HEIGHT - 30;
    const label = this.clean(title, face);
    for (const [index, page] of this.pages.entries()) {
      this.page = page;
      const pageLines = packPhrases(
        pageOf(index + 1, this.pages.length).map((phrase) => this.clean(phrase, face)),
        face.font,
        size,
        PAGE_NUMBER_WIDTH,
      ).slice(0, maxLines);
      const pageWidth = Math.max(...pageLines.map((line) => widthOfText(face.font, line, size)));
      const titleLines = wrap(label, face.font, size, CONTENT_WIDTH - pageWidth - 20).slice(0, maxLines);
      this.rule(MARGIN_X, MARGIN_X + CONTENT_WIDTH, footerY - 10, 0.4, RULE);
      for (const [line, text] of titleLines.entries()) {
        this.text(text, MARGIN_X, footerY + line * lineHeight, face, size, MUTED);
      }
      for (const [line, text] of pageLines.entries()) {
        const width = widthOfText(face.font, text, size);
        this.text(text, MARGIN_X + CONTENT_WIDTH - width, footerY + line * lineHeight, face, size, MUTED);
      }
    }
  }

  private cellLines(cell: Cell, width: number, styles: Record<StyleName, Style>): Line[] {
    if ("image" in cell) return [];
    if ("note" in cell) return [{ text: this.clean(cell.note, styles.body.face), style: styles.body }];
    return cell.flatMap((paragraph) => {
      const base = styles[paragraph.style];
      const style = paragraph.color ? { ...base, color: paragraph.color } : base;
      return this.wrapped(paragraph.text, style.face, style.size, width - 2 * CELL_PAD_X).map((text) => ({
        text,
        style,
      }));
    });
  }

  private drawLines(columns: Column[], lines: Line[][], start: number, end: number, lineHeight: number): void {
    let x = MARGIN_X;
    for (const [index, column] of columns.entries()) {
      const cellLines = lines[index] ?? [];
      for (let i = start; i < Math.min(end, cellLines.length); i++) {
        const line = cellLines[i]!;
        // baseline a little above the line's bottom leaves room for descenders
        const baseline = this.y + CELL_PAD_Y + (i - start) * lineHeight + lineHeight * 0.78;
        this.text(line.text, x + CELL_PAD_X, baseline, line.style.face, line.style.size, line.style.color);
      }
      x += column.width;
    }
  }

  private drawImages(columns: Column[], images: (PlacedImage | null)[]): void {
    let x = MARGIN_X;
    for (const [index, column] of columns.entries()) {
      const image = images[index];
      if (image) {
        let names = this.imageNames.get(this.page);
        if (!names) {
          names = new Map();
          this.imageNames.set(this.page, names);
        }
        let name = names.get(image.image.ref);
        if (!name) {
          name = this.page.node.newXObject("Image", image.image.ref);
          names.set(image.image.ref, name);
        }
        const bottom = PAGE_HEIGHT - this.y - CELL_PAD_Y - image.height;
        this.draw(
          `q ${num(image.width)} 0 0 ${num(image.height)} ${num(x + CELL_PAD_X)} ${num(bottom)} cm ${name} Do Q\n`,
        );
      }
      x += column.width;
    }
  }

  private rule(x1: number, x2: number, y: number, thickness: number, color: Color): void {
    const at = num(PAGE_HEIGHT - y);
    this.draw(`q ${stroke(color)} ${num(thickness)} w ${num(x1)} ${at} m ${num(x2)} ${at} l S Q\n`);
  }

  /** Draws one line of text; the font is registered once per page, not once per call. */
  private text(value: string, x: number, baseline: number, face: Face, size: number, color: Color): void {
    if (value === "") return;
    const { font } = face;
    let keys = this.fontKeys.get(this.page);
    if (!keys) {
      keys = new Map();
      this.fontKeys.set(this.page, keys);
    }
    let key = keys.get(font);
    if (!key) {
      key = this.page.node.newFontDictionary(font.name, font.ref);
      keys.set(font, key);
    }
    // the same strings recur (names, user agents, addresses): encode each once per document
    let encoded = this.encoded.get(value);
    if (encoded === undefined) {
      encoded = encodedText(font, value);
      this.encoded.set(value, encoded);
    }
    const show = `BT ${fill(color)} ${key} ${num(size)} Tf 1 0 0 1 ${num(x)} ${num(PAGE_HEIGHT - baseline)} Tm ${encoded} Tj ET`;
    // bold: the same glyphs filled and outlined
    this.draw(face.bold ? `q 2 Tr ${num(size * 0.035)} w ${stroke(color)} ${show} Q\n` : `q ${show} Q\n`);
  }

  private draw(operators: string): void {
    let content = this.content.get(this.page);
    if (!content) {
      content = [];
      this.content.set(this.page, content);
    }
    content.push(operators);
  }

  /** Writes each page's operators as one content stream. */
  writeContent(): void {
    for (const [page, content] of this.content) appendContentStream(this.document, page, content.join(""));
  }

  /**
   * The text's lines at this size and width. The same strings recur (user agents, addresses, event
   * sentences): each is cleaned and wrapped once per size and width. The certificate has one font.
   */
  private wrapped(value: string, face: Face, size: number, width: number): string[] {
    const key = `${size} ${width} ${value}`;
    let lines = this.wrappedLines.get(key);
    if (!lines) {
      lines = wrap(this.clean(value, face), face.font, size, width);
      this.wrappedLines.set(key, lines);
    }
    return lines;
  }

  /** What the font cannot draw (emoji, controls, scripts it lacks) becomes '?'; newlines stay. */
  private clean(value: string, face: Face): string {
    return printable(face.font, value, { keepNewlines: true });
  }
}

/**
 * Greedy word wrap; a word wider than the line (a hash, a user agent) is cut where it overflows.
 * Newlines in the text start new lines.
 */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (value: string) => widthOfText(font, value, size) <= width;
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    // the line's width so far, when the paragraph can be measured a word at a time
    let lineUnits: number | null = 0;
    for (const word of paragraph.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      const units: number | null = lineUnits === null ? null : textUnits(font, line ? ` ${word}` : word, lineUnits);
      if (units === null ? fits(candidate) : units * (size / 1000) <= width) {
        line = candidate;
        lineUnits = units;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (!fits(rest) && rest.length > 1) {
        // the longest prefix that fits, found by bisection (at least one character per line)
        let low = 1;
        let high = rest.length - 1;
        while (low < high) {
          const middle = Math.ceil((low + high) / 2);
          if (fits(rest.slice(0, middle))) low = middle;
          else high = middle - 1;
        }
        // rather after punctuation (user agents, URLs, dotted names) when that keeps most of the line
        const punctuation = Math.max(
          ...[".", "-", "_", "/", ",", ";", ":", "&", "="].map((c) => rest.lastIndexOf(c, low - 1)),
        );
        const cut = punctuation >= low / 2 ? punctuation + 1 : low;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
      lineUnits = textUnits(font, rest);
    }
    lines.push(line);
  }
  return lines;
}

/** Phrases joined by " / " into lines no wider than width; a phrase wider than that has a line of its own. */
function packPhrases(phrases: string[], font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const phrase of phrases) {
    const last = lines.at(-1);
    if (last !== undefined && widthOfText(font, `${last} / ${phrase}`, size) <= width)
      lines[lines.length - 1] = `${last} / ${phrase}`;
    else lines.push(phrase);
  }
  return lines;
}
