import { dayOf, NOTARIAL_ACT_WORDS, notarialWording } from "@signet/contract";
import { PDFDocument, type PDFFont, rgb } from "pdf-lib";
import { avPersonName } from "../av-session/av-room.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Db } from "../db/prisma-client.ts";
import { loadSealCredentials, type SealCredentials, sealPdf } from "../sealing/index.ts";
import { embedUnicodeFont, finishFontSubset, printable, widthOfText } from "../sealing/unicode-font.ts";
import { stateRule } from "./notary-access.ts";

export interface NotarizedDocument {
  /** the document with the notarial certificate page, signed with the notary's own certificate */
  pdf: Uint8Array;
  notaryName: string;
  certificateSubject: string;
}

// The signature dictionary's /Reason and /Name are written as plain PDF strings (PDFDocEncoding):
// keep them to Latin-1 there; the page itself is drawn with the Unicode font.
const winAnsi = (text: string) =>
  Array.from(text, (char) => ((char.codePointAt(0) ?? 0) <= 0xff ? char : "?")).join("");

/** Lines of at most `width` points at `size` (words kept whole; a longer word gets its own line). */
function wrap(text: string, width: number, measure: (line: string) => number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && measure(candidate) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Issue 34 §4: for a document with a completed notarial act, the notarial certificate page (the
 * act's wording for the notary's state, the seal image, the notary's signature line) is appended
 * and the whole document is signed with the notary's own certificate. Signet's seal then goes on as
 * an incremental update, so both signatures verify. Null when the document has no completed act.
 */
export async function notarizeDocument(
  deps: Pick<CoreDeps, "db" | "config" | "fieldCipher">,
  input: { packageId: string; documentId: string; pdf: Uint8Array },
): Promise<NotarizedDocument | null> {
  const db: Db = deps.db;
  const act = await db.notarialAct.findFirst({
    where: { packageId: input.packageId, documentId: input.documentId, status: "COMPLETED" },
    include: { notaryProfile: true },
  });
  const profile = act?.notaryProfile;
  if (!act || !profile || !act.completedAt) return null;
  const signers = await db.participant.findMany({ where: { id: { in: act.participantIds } } });
  const names = act.participantIds.map((id) => {
    const signer = signers.find((candidate) => candidate.id === id);
    return signer ? avPersonName(signer) : "A former participant";
  });
  const wording = notarialWording(
    act.actType,
    {
      state: profile.commissionState,
      date: dayOf(act.completedAt),
      signers: names,
      notary: profile.notaryName,
      commission: profile.commissionNumber,
      expires: dayOf(profile.commissionExpiresOn),
    },
    stateRule(deps, profile.commissionState),
  );

  const document = await PDFDocument.load(input.pdf, { updateMetadata: false });
  // the Unicode font of the certificate of completion, so "Zoë Łukasiewicz 王小明" prints as written
  // (Helvetica only encodes WinAnsi); the font has no bold face, the title is set larger instead
  const font: PDFFont = await embedUnicodeFont(document);
  const text = (value: string) => printable(font, value);
  const page = document.addPage([612, 792]);
  const left = 72;
  let y = 720;
  page.drawText(text(`Notarial certificate: ${NOTARIAL_ACT_WORDS[act.actType]}`), {
    x: left,
    y,
    size: 16,
    font,
  });
  y -= 32;
  for (const line of wrap(text(wording), 468, (line) => widthOfText(font, line, 11))) {
    page.drawText(line, { x: left, y, size: 11, font, color: rgb(0, 0, 0) });
    y -= 16;
  }
  y -= 24;
  const seal = await document.embedPng(profile.sealPng);
  const scale = Math.min(1, 144 / seal.width, 144 / seal.height);
  page.drawImage(seal, { x: left, y: y - seal.height * scale, width: seal.width * scale, height: seal.height * scale });
  const signatureX = left + 200;
  page.drawText(text(`/s/ ${profile.notaryName}`), { x: signatureX, y: y - 40, size: 12, font });
  page.drawLine({ start: { x: signatureX, y: y - 46 }, end: { x: signatureX + 220, y: y - 46 }, thickness: 0.5 });
  page.drawText(text(`Notary Public, State of ${profile.commissionState}`), {
    x: signatureX,
    y: y - 60,
    size: 9,
    font,
  });
  page.drawText(text(`Commission ${profile.commissionNumber}, expires ${dayOf(profile.commissionExpiresOn)}`), {
    x: signatureX,
    y: y - 72,
    size: 9,
    font,
  });
  page.drawText("Signed electronically with the notary's own certificate.", {
    x: signatureX,
    y: y - 84,
    size: 9,
    font,
  });
  await finishFontSubset(document, font);
  const withPage = await document.save({ useObjectStreams: false, updateFieldAppearances: false });

  const credentials: SealCredentials = loadSealCredentials(
    Buffer.from(deps.fieldCipher.decrypt(profile.p12Ciphertext), "base64"),
    deps.fieldCipher.decrypt(profile.passwordCiphertext),
  );
  const signed = await sealPdf(withPage, credentials, {
    reason: winAnsi(`Notarial act (${NOTARIAL_ACT_WORDS[act.actType]}), commission ${profile.commissionNumber}`),
    name: winAnsi(profile.notaryName),
    location: `State of ${profile.commissionState}`,
    signingTime: new Date(),
    signingTimeAttribute: false,
  });
  return { pdf: signed, notaryName: profile.notaryName, certificateSubject: credentials.subject };
}
