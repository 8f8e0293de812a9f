import { describe, expect, it } from "vitest";
import { addressText, grantsText } from "./closing-center-format.ts";

describe("closing-center format", () => {
  it("names grants in list order, whatever order they come in", () => {
    expect(grantsText(["UPLOAD_DOCUMENTS", "VIEW_PACKAGE"])).toBe("View the package, Upload documents");
    expect(grantsText([])).toBe("");
  });

  it.each([
    [
      { addressLine1: "1 Main St", addressLine2: null, city: "Portland", state: "OR", postalCode: "97201" },
      "1 Main St, Portland, OR 97201",
    ],
    [{ addressLine1: null, addressLine2: null, city: null, state: "OR", postalCode: null }, "OR"],
    [{ addressLine1: null, addressLine2: null, city: null, state: null, postalCode: null }, null],
  ])("writes %j as %s", (center, expected) => {
    expect(addressText(center)).toBe(expected);
  });
});
