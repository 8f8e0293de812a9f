import { describe, expect, it } from "vitest";
import {
  addressWindowLines,
  createBusinessReturnEnvelopeSchema,
  createReturnAddressSchema,
  envelopeWindowLines,
  isIntelligentMailBarcode,
  isUsPostalCode,
  isUsState,
  type PostalAddress,
  postalAddressProblems,
  WINDOW_MAX_LINE_LENGTH,
} from "./print-settings.ts";

const HOME: PostalAddress = {
  name: "Ada Okafor",
  company: null,
  line1: "12 Elm Street",
  line2: "Apt 4",
  city: "Springfield",
  state: "IL",
  postalCode: "62704",
  country: "US",
};
const problemsOf = (changes: Partial<PostalAddress>) =>
  Object.fromEntries(postalAddressProblems({ ...HOME, ...changes }).map((p) => [p.path, p.message]));

describe("US address rules", () => {
  it("accepts a complete address with a ZIP or a ZIP+4", () => {
    expect(postalAddressProblems(HOME)).toEqual([]);
    expect(postalAddressProblems({ ...HOME, postalCode: "62704-1234" })).toEqual([]);
  });

  it("knows the state codes, DC, territories and military states, in any case", () => {
    for (const code of ["CA", "ny", "DC", "PR", "GU", "AE"]) expect(isUsState(code)).toBe(true);
    for (const code of ["XX", "C", "Cal", "", "UK"]) expect(isUsState(code)).toBe(false);
    expect(problemsOf({ state: "ZZ" })).toEqual({ state: "Enter a two-letter US state code, e.g. CA" });
  });

  it("refuses a ZIP that is not 5 digits or ZIP+4", () => {
    for (const zip of ["62704", "62704-0001"]) expect(isUsPostalCode(zip)).toBe(true);
    for (const zip of ["6270", "627041", "62704-12", "62704 1234", "ABCDE", "62704-12345"])
      expect(isUsPostalCode(zip)).toBe(false);
    expect(problemsOf({ postalCode: "1234" }).postalCode).toMatch(/5-digit ZIP code or ZIP\+4/);
  });

  it("names every missing required line once", () => {
    expect(problemsOf({ name: " ", line1: "", city: "", state: "", postalCode: "" })).toEqual({
      name: "Name is required",
      line1: "Address line 1 is required",
      city: "City is required",
      state: "State is required",
      postalCode: "ZIP code is required",
    });
  });

  it("mails only to the US", () => {
    expect(problemsOf({ country: "CA" })).toEqual({ country: "Only US addresses can be mailed" });
  });

  it("keeps every line within the envelope window's width", () => {
    const long = "x".repeat(WINDOW_MAX_LINE_LENGTH + 1);
    expect(problemsOf({ line1: "x".repeat(WINDOW_MAX_LINE_LENGTH) })).toEqual({});
    expect(problemsOf({ line1: long }).line1).toMatch(/at most 40 characters/);
    expect(problemsOf({ company: long }).company).toMatch(/at most 40 characters/);
    expect(problemsOf({ city: "A".repeat(32) }).city).toMatch(/one line of 40 characters/);
  });

  it("lays out at most five lines: name, company, two street lines, city-state-ZIP", () => {
    expect(addressWindowLines({ ...HOME, company: "Okafor Holdings" })).toHaveLength(5);
    expect(problemsOf({ company: "Okafor Holdings" })).toEqual({});
    expect(addressWindowLines({ ...HOME, company: "Okafor Holdings", name: "Ada Okafor" })).toEqual([
      "Ada Okafor",
      "Okafor Holdings",
      "12 Elm Street",
      "Apt 4",
      "Springfield IL 62704",
    ]);
    expect(addressWindowLines({ ...HOME, line2: null })).toEqual([
      "Ada Okafor",
      "12 Elm Street",
      "Springfield IL 62704",
    ]);
  });
});

describe("schemas", () => {
  it("turns blank optional lines into null, upper-cases the state and reports problems by field", () => {
    const parsed = createReturnAddressSchema.parse({ ...HOME, state: "il", company: "", line2: "" });
    expect(parsed).toMatchObject({ state: "IL", company: null, line2: null, country: "US", isDefault: false });
    const bad = createReturnAddressSchema.safeParse({ ...HOME, postalCode: "1" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.path.join("."))).toEqual(["postalCode"]);
  });

  it("checks the Intelligent Mail barcode length and the permit number", () => {
    for (const length of [20, 25, 29, 31]) expect(isIntelligentMailBarcode("1".repeat(length))).toBe(true);
    for (const value of ["1".repeat(21), "1".repeat(30), `${"1".repeat(19)}A`])
      expect(isIntelligentMailBarcode(value)).toBe(false);
    const base = {
      name: "Returns",
      permitNumber: "12345",
      postalFacility: "Springfield IL",
      returnAddressId: "11111111-1111-4111-8111-111111111111",
    };
    expect(createBusinessReturnEnvelopeSchema.parse({ ...base, imb: "" }).imb).toBeNull();
    expect(createBusinessReturnEnvelopeSchema.safeParse({ ...base, imb: "123" }).success).toBe(false);
    expect(createBusinessReturnEnvelopeSchema.safeParse({ ...base, permitNumber: "PERMIT" }).success).toBe(false);
  });

  it("puts the reply mail legend above the address on a return envelope", () => {
    expect(envelopeWindowLines({ permitNumber: "12345", postalFacility: "Springfield IL" }, HOME)).toEqual([
      "BUSINESS REPLY MAIL",
      "FIRST-CLASS MAIL PERMIT NO. 12345 SPRINGFIELD IL",
      "POSTAGE WILL BE PAID BY ADDRESSEE",
      "Ada Okafor",
      "12 Elm Street",
      "Apt 4",
      "Springfield IL 62704",
    ]);
  });
});
