/**
 * MERS Mortgage Identification Number (MIN), DOMAIN.md §6: 18 digits = the 7-digit MERS
 * organization id, a 10-digit sequence number and one check digit computed with the Luhn
 * algorithm ("mod 10 weight 2") over the first 17 digits.
 */
export const MIN_LENGTH = 18;

/** The check digit of the 17-digit base (MERS org id + sequence), or null when it is not 17 digits. */
export function minCheckDigit(base: string): number | null {
  if (!/^\d{17}$/.test(base)) return null;
  let sum = 0;
  // from the rightmost digit of the base, every other digit (starting with it) is doubled
  for (let index = 0; index < base.length; index++) {
    let digit = base.charCodeAt(base.length - 1 - index) - 48;
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** The full MIN for a 17-digit base, e.g. 10031621234567890 → 100316212345678906. */
export function minFromBase(base: string): string | null {
  const check = minCheckDigit(base);
  return check === null ? null : `${base}${check}`;
}

export type MinProblem = "missing" | "format" | "checkDigit";

/** Why a MIN is not valid, or null when it is (18 digits with the right check digit). */
export function minProblem(min: string | null | undefined): MinProblem | null {
  const value = (min ?? "").trim();
  if (value === "") return "missing";
  if (!/^\d{18}$/.test(value)) return "format";
  return minCheckDigit(value.slice(0, 17)) === Number(value[17]) ? null : "checkDigit";
}

export const isValidMin = (min: string | null | undefined) => minProblem(min) === null;

/** The MERS organization id (first 7 digits) of a MIN. */
export const minOrganizationId = (min: string) => min.slice(0, 7);
