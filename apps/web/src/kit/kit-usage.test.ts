import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { KIT_PENDING } from "./kit-pending.ts";
import { KIT_RULES, type KitRule, kitViolations } from "./kit-rules.ts";

const SRC = fileURLToPath(new URL("..", import.meta.url));

/** Files that do it by hand for a reason the kit cannot serve; each says why. */
const EXEMPT: Record<KitRule, Record<string, string>> = {
  table: {
    "components/data-table/DataTable.tsx": "the kit's table itself",
    "features/packages/builder/documents-step/ExecutionMatrix.tsx":
      "a matrix of inputs (a select per document and participant), not a table of records",
    "features/system/BuildInfoPage.tsx": "one record's facts as a sheet with row headers, not a table of records",
    "features/packages/detail/TridDatesCard.tsx":
      "one package's TRID dates as a sheet with row headers, not a table of records",
  },
  form: {
    "features/auth/SignInPage.tsx":
      "the page most people load first: react-hook-form stays out of its bundle (a plain controlled form)",
  },
  "write-state": {
    "features/auth/SignInPage.tsx": "the same first page: react-query is not loaded on it (query-client-slot.ts)",
    "features/mfa/MfaChallengeStep.tsx":
      "the sign-in page's second step, shown where no query client is loaded (query-client-slot.ts): the code is a react-hook-form submit, texting a code a plain call",
  },
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".tsx") ? [relative(SRC, path)] : [];
  });
}

const found: Record<KitRule, string[]> = { table: [], form: [], "write-state": [] };
for (const file of sourceFiles(SRC)) {
  for (const rule of kitViolations(readFileSync(join(SRC, file), "utf8"))) found[rule].push(file);
}

describe.each(Object.keys(KIT_RULES) as KitRule[])("the web kit: %s", (rule) => {
  it("no file outside the pending list does it by hand", () => {
    const offenders = found[rule].filter((file) => !KIT_PENDING[rule].includes(file) && !(file in EXEMPT[rule]));
    expect(offenders, `${offenders.join(", ")} ${KIT_RULES[rule]}`).toEqual([]);
  });

  it("the pending list names only files still to move to the kit", () => {
    expect(KIT_PENDING[rule].filter((file) => !found[rule].includes(file))).toEqual([]);
  });
});
