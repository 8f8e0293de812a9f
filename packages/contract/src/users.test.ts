import { describe, expect, it } from "vitest";
import {
  formatPhone,
  normalizePhoneInput,
  phoneInputSchema,
  USER_MESSAGES,
  updateUserSchema,
  userListQuerySchema,
} from "./users.ts";

describe("formatPhone (spec §5)", () => {
  it.each([
    ["1234567890", "123-456-7890"],
    ["0000000000", "000-000-0000"],
    ["123456789", ""],
    ["12345678901", ""],
    ["123-456-7890", ""],
    ["12345a7890", ""],
    ["", ""],
    [null, ""],
    [undefined, ""],
  ])("%s → '%s'", (digits, shown) => {
    expect(formatPhone(digits)).toBe(shown);
  });
});

describe("normalizePhoneInput", () => {
  it.each([
    ["1234567890", "1234567890"],
    ["123-456-7890", "1234567890"],
    ["(123) 456-7890", "1234567890"],
    [" 123.456.7890 ", "1234567890"],
    ["123456789", null],
    ["+1 123 456 7890", null],
    ["11234567890", null],
    ["123-456-789O", null],
    ["", null],
  ])("%s → %s", (input, stored) => {
    expect(normalizePhoneInput(input)).toBe(stored);
  });
});

describe("phoneInputSchema", () => {
  it.each([
    ["(555) 010-0199", "5550100199"],
    ["", null],
    ["   ", null],
    [null, null],
  ])("%s is stored as %s", (input, stored) => {
    expect(phoneInputSchema.parse(input)).toBe(stored);
  });
  it("refuses anything but ten digits with the field message", () => {
    const result = phoneInputSchema.safeParse("555-0100");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(USER_MESSAGES.phoneTenDigits);
  });
});

describe("user schemas", () => {
  it("defaults the list query", () => {
    expect(userListQuerySchema.parse({})).toEqual({
      pageNumber: 1,
      pageSize: 10,
      sortBy: "name",
      sortDirection: "asc",
      status: "ALL",
    });
  });
  it.each([
    [
      { version: 1, mfaPhoneNumber: "123-456-7890" },
      { version: 1, mfaPhoneNumber: "1234567890" },
    ],
    [
      { version: 1, mfaPhoneNumber: null, middleName: "" },
      { version: 1, mfaPhoneNumber: null, middleName: null },
    ],
    [
      { version: 2, enabled: false },
      { version: 2, enabled: false },
    ],
    [
      { version: 2, unlock: true },
      { version: 2, unlock: true },
    ],
  ])("patch %o → %o", (body, parsed) => {
    expect(updateUserSchema.parse(body)).toEqual(parsed);
  });
  it.each([
    [{ mfaPhoneNumber: "1234567890" }],
    [{ version: 1, mfaPhoneNumber: "12345" }],
    [{ version: 1, unlock: false }],
    [{ version: 1, givenName: " " }],
  ])("patch %o is refused", (body) => {
    expect(updateUserSchema.safeParse(body).success).toBe(false);
  });
});
