/**
 * Issue 37 §3: the web kit used as designed. Each rule finds a file that builds by hand what the kit
 * gives: a table of records (DataTable), a form (react-hook-form with the contract's zod schema),
 * a write's busy or error flag (react-query's useMutation). Read by kit-usage.test.ts over apps/web/src.
 */
export type KitRule = "table" | "form" | "write-state";

export const KIT_RULES: Record<KitRule, string> = {
  table: "builds a table with Mantine's Table: use components/data-table/DataTable.tsx",
  form: "has a <form> without react-hook-form's useForm: use useForm with the contract's zod schema",
  "write-state": "keeps a busy or error flag of a write in useState: use useMutation's isPending and error",
};

const MANTINE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*"@mantine\/core"/g;
const BUSY_FLAG =
  /const \[\s*(\w*(?:saving|busy|submitting|pending|working|deleting|sending|removing|creating|updating|uploading|running|revoking|testing|checking)\w*)\s*,\s*set\w+\s*\]\s*=\s*useState(?:<boolean>)?\(\s*false\s*\)/i;
const ERROR_FLAG =
  /const \[\s*(\w*[eE]rror\w*)\s*,\s*set\w+\s*\]\s*=\s*useState<\s*string\s*\|\s*null\s*>\(\s*null\s*\)/;

/** The rules a file's source breaks. */
export function kitViolations(source: string): KitRule[] {
  const found: KitRule[] = [];
  const mantineNames = [...source.matchAll(MANTINE_IMPORT)].flatMap((match) =>
    (match[1] ?? "").split(",").map((name) => name.trim().replace(/^type\s+/, "")),
  );
  if (mantineNames.includes("Table")) found.push("table");
  if (/<form[\s>]/.test(source) && !/\buseForm\s*[<(]/.test(source)) found.push("form");
  if (BUSY_FLAG.test(source) || ERROR_FLAG.test(source)) found.push("write-state");
  return found;
}
