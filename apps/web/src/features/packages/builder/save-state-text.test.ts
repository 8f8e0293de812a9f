import { describe, expect, it } from "vitest";
import { saveStateText } from "./save-state-text.ts";

describe("the builder's save state in words", () => {
  it("never says saved while a save is failing", () => {
    expect(saveStateText({ saving: false, failure: "unreachable", dirty: false }).text).toBe("Not saved — retrying");
    expect(saveStateText({ saving: true, failure: "unreachable", dirty: false }).text).toBe("Not saved — retrying");
    expect(saveStateText({ saving: false, failure: "refused", dirty: false }).text).toBe("Not saved");
  });

  it("says saving, unsaved or saved otherwise", () => {
    expect(saveStateText({ saving: true, failure: null, dirty: false }).text).toBe("Saving…");
    expect(saveStateText({ saving: true, failure: "refused", dirty: false }).text).toBe("Saving…");
    expect(saveStateText({ saving: false, failure: null, dirty: true }).text).toBe("Unsaved changes");
    expect(saveStateText({ saving: false, failure: null, dirty: false })).toEqual({
      text: "All changes saved",
      color: "teal",
    });
  });
});
