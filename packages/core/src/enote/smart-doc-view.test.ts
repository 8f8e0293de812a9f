import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { eNoteView } from "./smart-doc-view.ts";

const fixture = (name: string) => readFileSync(join(import.meta.dirname, "../../../../fixtures/enote", name), "utf8");
const view = (xml: string) => eNoteView(Buffer.from(xml), (area) => (area.sequence === 1 ? "tag-1" : null));

describe("eNoteView (what the signing room shows)", () => {
  it("rebuilds the VIEW from the allow-list with the signature area marked", () => {
    const shown = view(fixture("valid.xml"));
    expect(shown.min).toBe("100316212345678906");
    expect(shown.areas).toEqual([{ label: "BORROWER 1", tagId: "tag-1" }]);
    expect(shown.html).toContain("<h1>NOTE</h1>");
    expect(shown.html).toContain('<span data-field="NOTE/NoteAmount">$250,000.00</span>');
    expect(shown.html).toContain('<div data-signature-area="BORROWER 1" data-tag-id="tag-1"></div>');
    // the head, the link and the document's own attributes are gone; the link's text stays
    expect(shown.html).not.toMatch(/<title|<head|<html|<body|<a |href/);
    expect(shown.html).toContain("Top of the note");
  });

  it.each([
    ["script-in-view.xml", /<script|document\.cookie/],
    ["event-handler.xml", /onclick|alert/],
    ["external-image.xml", /<img|tracker\.example/],
  ])("leaves out what %s carries", (name, unwanted) => {
    const shown = view(fixture(name));
    expect(shown.html).not.toMatch(unwanted);
    expect(shown.html).toContain("<h1>NOTE</h1>");
  });

  it("keeps only plain, known CSS and drops styles, frames, SVG and unknown attributes", () => {
    const xml = fixture("valid.xml").replace(
      "<h1>NOTE</h1>",
      `<h1 style="text-align: center; background: url(https://x.example/a.png); color: red" class="x" id="y">NOTE</h1>
       <style>body { background: red }</style><iframe src="https://x.example"></iframe>
       <svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>
       <p style="font-weight: bold; position: fixed">&lt;b&gt;escaped&lt;/b&gt;</p>`,
    );
    const shown = view(xml);
    expect(shown.html).toContain("<h1>NOTE</h1>");
    expect(shown.html).toContain('<p style="font-weight: bold">&lt;b&gt;escaped&lt;/b&gt;</p>');
    expect(shown.html).not.toMatch(/<style|<iframe|<svg|<script|class=| id=|url\(|position/);
  });

  it("shows a sealed area's signature text, and nothing for unreadable XML", () => {
    const sealed = fixture("valid.xml").replace(
      '<div data-signature-area="BORROWER" data-sequence="1">Borrower 1 signs here</div>',
      '<div data-signature-area="BORROWER" data-sequence="1" data-signed="true"><p>/s/ Ana Rivera</p><p>Signed electronically on 2026-11-24T10:00:00.000Z</p></div>',
    );
    expect(view(sealed).html).toContain(
      '<div data-signature-area="BORROWER 1" data-tag-id="tag-1"><p>/s/ Ana Rivera</p><p>Signed electronically on 2026-11-24T10:00:00.000Z</p></div>',
    );
    expect(view(fixture("entity-expansion.xml"))).toEqual({ min: null, html: "", areas: [] });
  });
});
