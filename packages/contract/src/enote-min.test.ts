import { describe, expect, it } from "vitest";
import { isValidMin, minCheckDigit, minFromBase, minOrganizationId, minProblem } from "./enote-min.ts";

describe("MIN check digit (Luhn, mod 10 weight 2)", () => {
  it.each([
    // DOMAIN.md §6
    ["10031621234567890", 6],
    ["10000000000000000", 8],
    ["00000000000000000", 0],
    ["10031620000000001", 1],
  ])("base %s → check digit %i", (base, digit) => {
    expect(minCheckDigit(base)).toBe(digit);
  });

  it("builds the DOMAIN example MIN", () => {
    expect(minFromBase("10031621234567890")).toBe("100316212345678906");
    expect(minOrganizationId("100316212345678906")).toBe("1003162");
  });

  it.each(["", "1234", "1003162123456789a", "100316212345678906"])(
    "refuses a base that is not 17 digits: %s",
    (base) => {
      expect(minCheckDigit(base)).toBeNull();
    },
  );

  it.each([
    ["100316212345678906", null],
    ["100316212345678907", "checkDigit"],
    ["100316212345678960", "checkDigit"],
    ["10031621234567890", "format"],
    ["1003162123456789066", "format"],
    ["10031621234567890X", "format"],
    ["", "missing"],
    [null, "missing"],
    ["   ", "missing"],
  ])("minProblem(%s) = %s", (min, problem) => {
    expect(minProblem(min)).toBe(problem);
    expect(isValidMin(min)).toBe(problem === null);
  });

  it("catches every single-digit change of a valid MIN", () => {
    const min = "100316212345678906";
    for (let index = 0; index < 18; index++) {
      for (let digit = 0; digit <= 9; digit++) {
        const changed = `${min.slice(0, index)}${digit}${min.slice(index + 1)}`;
        if (changed !== min) expect(isValidMin(changed), changed).toBe(false);
      }
    }
  });
});
