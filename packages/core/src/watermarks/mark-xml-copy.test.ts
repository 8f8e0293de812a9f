import { describe, expect, it } from "vitest";
import { isXmlRecord, markXmlCopy } from "./mark-xml-copy.ts";

const NOTE = '<?xml version="1.0" encoding="UTF-8"?>\n<SMART_DOCUMENT><VIEW ID="v">Pay $1</VIEW></SMART_DOCUMENT>';

describe("marking an XML record as a copy", () => {
  it("adds the copy mark after the declaration and leaves the document element byte for byte", () => {
    const copy = Buffer.from(markXmlCopy(Buffer.from(NOTE), "COPY -- requested by Jo ?> at noon")).toString();
    expect(
      copy.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<?signet-copy COPY — requested by Jo ? > at noon?>'),
    ).toBe(true);
    expect(copy).toContain("<!-- COPY — requested by Jo ? > at noon -->");
    expect(copy.endsWith('<SMART_DOCUMENT><VIEW ID="v">Pay $1</VIEW></SMART_DOCUMENT>')).toBe(true);
    expect(copy).not.toBe(NOTE);
  });

  it("puts the mark first when there is no declaration, and tells XML from PDF", () => {
    const bare = "<SMART_DOCUMENT/>";
    expect(Buffer.from(markXmlCopy(Buffer.from(bare), "COPY")).toString()).toBe(
      "\n<?signet-copy COPY?>\n<!-- COPY -->\n<SMART_DOCUMENT/>",
    );
    expect(isXmlRecord(Buffer.from(`\uFEFF  ${NOTE}`))).toBe(true);
    expect(isXmlRecord(Buffer.from("%PDF-1.7\n"))).toBe(false);
  });
});
