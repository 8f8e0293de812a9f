import { describe, expect, it } from "vitest";
import {
  emptyMailingAddress,
  mailingAddressBody,
  mailingAddressProblems,
  mailingAddressValues,
} from "./MailingAddressFields.tsx";

const typed = { ...emptyMailingAddress, line1: " 4 Quay Street ", city: "Toledo", state: "oh", postalCode: "43604" };

describe("participant mailing address fields", () => {
  it("a blank address is none, whatever the name says", () => {
    expect(mailingAddressBody({ ...emptyMailingAddress, nameEdited: true, name: "Nora" }, "Nora Ink")).toBeNull();
    expect(mailingAddressProblems(emptyMailingAddress, "Nora Ink")).toEqual({});
  });

  it("takes the participant's name until another is typed, and sends trimmed US fields", () => {
    expect(mailingAddressBody(typed, "Nora Ink")).toEqual({
      name: "Nora Ink",
      company: null,
      line1: "4 Quay Street",
      line2: null,
      city: "Toledo",
      state: "OH",
      postalCode: "43604",
      country: "US",
    });
    expect(mailingAddressBody({ ...typed, nameEdited: true, name: "N. Ink" }, "Nora Ink")?.name).toBe("N. Ink");
  });

  it("says what the server would refuse, by field", () => {
    expect(mailingAddressProblems({ ...typed, postalCode: "4360", state: "XX" }, "Nora Ink")).toEqual({
      postalCode: "Enter a 5-digit ZIP code or ZIP+4, e.g. 94105 or 94105-1234",
      state: "Enter a two-letter US state code, e.g. CA",
    });
    expect(mailingAddressProblems({ ...typed, city: "" }, "")).toEqual({
      name: "Name is required",
      city: "City is required",
    });
  });

  it("reads a stored address back into the form", () => {
    const stored = mailingAddressBody(typed, "Nora Ink")!;
    expect(mailingAddressBody(mailingAddressValues(stored), "someone else")).toEqual(stored);
  });
});
