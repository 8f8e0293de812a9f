const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

/** A view's date as YYYY-MM-DD: "11/24/2026" or "November 24, 2026"; else null. */
function viewDate(text: string): string | null {
  const pad = (value: number) => String(value).padStart(2, "0");
  const numeric = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (numeric) return `${numeric[3]}-${pad(Number(numeric[1]))}-${pad(Number(numeric[2]))}`;
  const written = /^([A-Za-z]+)\.? (\d{1,2}),? (\d{4})$/.exec(text);
  if (written) {
    const month = MONTHS.findIndex((name) => name.startsWith(written[1]!.toLowerCase()) && written[1]!.length >= 3);
    if (month >= 0) return `${written[3]}-${pad(month + 1)}-${pad(Number(written[2]))}`;
  }
  return null;
}

/**
 * Whether the text a VIEW shows for a data-bound field says the same as its DATA value
 * (docs/guide/smart-doc-enote.md "Formatting rules"): equal once white space is collapsed; or, for a
 * decimal DATA value, the same number once a leading '$', thousands separators and a trailing '%'
 * are removed; or, for a YYYY-MM-DD DATA value, the same date written MM/DD/YYYY or "Month D, YYYY";
 * or, for a DATA value of digits only (identifiers such as the MIN), the same digits once hyphens and
 * spaces are removed. Nothing else (names and addresses must match exactly, case included).
 */
export function viewValueMatches(viewText: string, dataValue: string): boolean {
  const shown = collapse(viewText);
  const data = collapse(dataValue);
  if (shown === data) return true;
  if (/^\d{5,}$/.test(data)) return shown.replace(/[-\s]/g, "") === data;
  if (/^-?\d+(\.\d+)?$/.test(data)) {
    const number = shown.replace(/^\$\s?/, "").replace(/\s?%$/, "");
    if (!/^-?\d{1,3}(,\d{3})*(\.\d+)?$|^-?\d+(\.\d+)?$/.test(number)) return false;
    return Number(number.replace(/,/g, "")) === Number(data);
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(data)) return viewDate(shown) === data;
  return false;
}
