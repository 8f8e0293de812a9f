import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import * as contract from "@signet/contract";
import { SPEC_MESSAGES } from "@signet/contract";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../../..");

/** The text a catalogue reference (EXPORT.key) names, or undefined. */
function resolve(ref: string): unknown {
  const [exported, key] = ref.split(".");
  const value = (contract as Record<string, unknown>)[exported!];
  return value && typeof value === "object" ? (value as Record<string, unknown>)[key!] : undefined;
}

function filesUnder(folder: string, accept: (path: string) => boolean, found: string[] = []): string[] {
  for (const name of readdirSync(folder)) {
    if (name === "node_modules" || name === "dist") continue;
    const path = join(folder, name);
    if (statSync(path).isDirectory()) filesUnder(path, accept, found);
    else if (accept(path)) found.push(path);
  }
  return found;
}

describe("spec §8's quoted messages", () => {
  it("are each in the catalogue word for word", () => {
    const wrong = SPEC_MESSAGES.filter((entry) => entry.ref !== null && resolve(entry.ref) !== entry.quote).map(
      (entry) => `${entry.ref} is ${JSON.stringify(resolve(entry.ref!))}, the spec says ${JSON.stringify(entry.quote)}`,
    );
    expect(wrong).toEqual([]);
  });

  it("are each named by a test that provokes them (the API suite, a browser journey, a web or rule test)", () => {
    const tests = [
      ...filesUnder(
        join(root, "apps/api/test"),
        (path) => path.endsWith(".ts") && !path.endsWith("spec-messages.test.ts"),
      ),
      ...filesUnder(join(root, "e2e"), (path) => path.endsWith(".ts")),
      ...filesUnder(join(root, "apps/web/src"), (path) => /\.test\.tsx?$/.test(path)),
      ...filesUnder(join(root, "apps/signing-room/src"), (path) => /\.test\.tsx?$/.test(path)),
      // a rule's own unit test provokes the message where the rule is the whole story (a token's format)
      ...filesUnder(
        join(root, "packages"),
        (path) => /\.test\.tsx?$/.test(path) && !path.endsWith("spec-messages.test.ts"),
      ),
    ].map((path) => ({ path: relative(root, path), text: readFileSync(path, "utf8") }));
    const unprovoked = SPEC_MESSAGES.filter(
      (entry) =>
        entry.ref !== null &&
        !tests.some(({ text }) => text.includes(entry.ref!) || text.includes(JSON.stringify(entry.quote))),
    ).map((entry) => `${entry.ref} ('${entry.quote}')`);
    expect(unprovoked).toEqual([]);
  });

  it("leaves only the messages the spec gives no situation for unplaced, and says so", () => {
    expect(SPEC_MESSAGES.filter((entry) => entry.ref === null).map((entry) => entry.quote)).toEqual([
      "Role assign/unassign error",
      "Version not matched or participant is already added in the document Type.",
      "package/organization not found or service not available.",
      "Request unsuccessful",
      "Upload failed",
    ]);
  });
});
