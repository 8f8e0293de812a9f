import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES, loadConfig } from "./config.ts";

// Issue 31 §3: .env.example is the operator's reference; every variable the configuration reads is
// documented there (set, or commented out with an example), and it names none that is not read.

const envExample = readFileSync(new URL("../../../../.env.example", import.meta.url), "utf8");
const documented = new Set([...envExample.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]!));

describe(".env.example", () => {
  it("documents every configuration variable", () => {
    expect(CONFIG_VARIABLES.length).toBeGreaterThan(50);
    expect(CONFIG_VARIABLES.filter((name) => !documented.has(name))).toEqual([]);
  });

  it("documents no variable the configuration does not read", () => {
    expect([...documented].filter((name) => !CONFIG_VARIABLES.includes(name))).toEqual([]);
  });

  it("loads as it is: a copy of it is a working configuration (a variable set to nothing is unset)", () => {
    const values = Object.fromEntries(
      [...envExample.matchAll(/^([A-Z][A-Z0-9_]+)=(.*)$/gm)].map((match) => [match[1]!, match[2]!]),
    );
    expect(Object.keys(values).length).toBeGreaterThan(40);
    expect(() => loadConfig(values)).not.toThrow();
  });
});
