import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { AUDIT_EVENT_TYPES_WITH_SENTENCES, auditSentence } from "@signet/contract";
import { describe, expect, it } from "vitest";

// Issue 11 §4: the certificate of completion writes each audit event as a sentence. This reads the
// core's source for every audit event type it writes, so a new type without its own sentence fails
// here (the sentences themselves: packages/contract/src/audit-sentences.test.ts).

/** Every string that names an audit event type in packages/core (appendAuditEvent and its helpers). */
function auditTypesWrittenByCore(): string[] {
  const root = join(import.meta.dirname, "..");
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) {
        if (entry !== "generated") walk(path);
      } else if (entry.endsWith(".ts") && !entry.endsWith(".test.ts")) files.push(path);
    }
  };
  walk(root);
  const types = new Set<string>();
  const patterns = [
    /\btype: "([a-z][a-z.-]*)"/g,
    /auditType: "([a-z][a-z.-]*)"/g,
    /\baudit(?:Verification)?\(\s*\w+,\s*"([a-z][a-z.-]*)"/g,
    /\baudit\(\s*(?:\w+ \? )?"([a-z][a-z.-]*)"/g,
    // module-local audit helpers taking the transaction, actor and ids before the type
    /\baudit\([^"()]*?"([a-z][a-z-]*\.[a-z.-]+)"/g,
    /\? "([a-z]+\.[a-z-]+)" : "([a-z]+\.[a-z-]+)"/g,
    /writePackageChild\([^"]*?"([a-z][a-z.-]*)"/g,
    /appendAuditEventFor\([^"]*?"([a-z][a-z.-]*)"/g,
  ];
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    if (!/appendAuditEvent|writePackageChild|auditType/.test(source)) continue;
    for (const pattern of patterns) {
      for (const match of source.matchAll(pattern)) {
        for (const type of match.slice(1)) if (type && (type.includes(".") || type.includes("-"))) types.add(type);
      }
    }
  }
  return [...types].sort();
}

describe("every audit event type the product writes", () => {
  const written = auditTypesWrittenByCore();

  it("finds the types in the core's source", () => {
    expect(written).toEqual(expect.arrayContaining(["package.sent", "participant.consent-granted", "tag.signed"]));
    expect(written.length).toBeGreaterThan(60);
  });

  it("has its own sentence for each", () => {
    expect(written.filter((type) => !AUDIT_EVENT_TYPES_WITH_SENTENCES.includes(type))).toEqual([]);
  });

  it.each(written)("%s reads as a sentence without ids or type names", (type) => {
    const { sentence } = auditSentence({ type, actor: "Jo Lender", data: {} });
    expect(sentence).toMatch(/^Jo Lender.* [a-z]+.*\.$/);
    expect(sentence).not.toContain(type);
    expect(sentence).not.toMatch(/[{}_]/);
  });
});
