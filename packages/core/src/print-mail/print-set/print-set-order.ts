// Which parts a print set holds and in what order (spec §3 paperOrder / stipsOrder; issue 16 §4).
// Pure, so the order rules are tested without drawing a page.

export type StepOrder = "AFTER_ESIGN" | "BEFORE_ESIGN";

export interface PrintSetDocument {
  name: string;
  /** how this recipient executes it: E_SIGN documents reach a paper signer as paper to sign too */
  executionType: "E_SIGN" | "VIEW_ONLY" | "PAPER";
  /** 1-based pages with a signature or initials place for this recipient */
  signPages: number[];
  numPages: number;
}

export type PrintSetPart =
  | { kind: "cover-letter" }
  | { kind: "instructions" }
  | { kind: "stips" }
  | { kind: "document"; index: number }
  | { kind: "return-envelope" };

/**
 * Cover letter, signing instructions, then the documents: the electronic ones (E-Sign and view
 * only, in package order) with the paper documents after them (AFTER_ESIGN, the default) or before
 * them (BEFORE_ESIGN), and the list of supporting documents to send back (stips) right after or
 * right before the electronic ones by stipsOrder; the business return envelope sheet last, on top of the papers going back.
 */
export function printSetParts(
  documents: PrintSetDocument[],
  options: { paperOrder: StepOrder; stipsOrder: StepOrder; hasStips: boolean; hasReturnEnvelope: boolean },
): PrintSetPart[] {
  const electronic: PrintSetPart[] = [];
  const paper: PrintSetPart[] = [];
  documents.forEach((document, index) => {
    (document.executionType === "PAPER" ? paper : electronic).push({ kind: "document", index });
  });
  const stips: PrintSetPart[] = options.hasStips ? [{ kind: "stips" }] : [];
  // the stips sheet sits right before or right after the electronic documents
  const withStips = options.stipsOrder === "BEFORE_ESIGN" ? [...stips, ...electronic] : [...electronic, ...stips];
  const body = options.paperOrder === "BEFORE_ESIGN" ? [...paper, ...withStips] : [...withStips, ...paper];
  return [
    { kind: "cover-letter" },
    { kind: "instructions" },
    ...body,
    ...(options.hasReturnEnvelope ? [{ kind: "return-envelope" } as const] : []),
  ];
}
