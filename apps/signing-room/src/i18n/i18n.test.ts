import {
  CLOSED_REASONS,
  KBA_QUESTIONS,
  PACKAGE_STATUSES,
  PARTICIPANT_SIGNING_STATUSES,
  SIGNING_ERROR_CODES,
  TAG_TYPES,
} from "@signet/contract";
import { describe, expect, it } from "vitest";
import { en } from "./en.ts";
import { errorTextKey } from "./error-text.ts";
import { es } from "./es.ts";

function flatten(tree: object, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [inner, text] of flatten(value as object, path)) out.set(inner, text);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

const english = flatten(en);
const spanish = flatten(es);

describe("translations", () => {
  it("has every English key in Spanish and every Spanish key in English", () => {
    expect([...english.keys()].filter((key) => !spanish.has(key))).toEqual([]);
    expect([...spanish.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it("has no empty texts", () => {
    for (const [key, text] of [...english, ...spanish]) expect(text.trim(), key).not.toBe("");
  });

  it("uses the same placeholders in both languages", () => {
    for (const [key, text] of english) expect(placeholders(spanish.get(key) ?? ""), key).toEqual(placeholders(text));
  });

  it("is really translated (most texts differ from English)", () => {
    const same = [...english].filter(([key, text]) => spanish.get(key) === text);
    expect(same.length).toBeLessThan(english.size / 10);
  });

  it("covers the contract's codes and kinds", () => {
    for (const code of SIGNING_ERROR_CODES) expect(english.has(`errors.${code}`), code).toBe(true);
    for (const reason of CLOSED_REASONS) {
      expect(english.has(`closed.titles.${reason}`), reason).toBe(true);
      expect(english.has(`closed.bodies.${reason}`), reason).toBe(true);
    }
    for (const type of TAG_TYPES) expect(english.has(`tags.types.${type}`), type).toBe(true);
    for (const question of KBA_QUESTIONS) expect(english.has(`verify.questions.${question}`), question).toBe(true);
    for (const status of PACKAGE_STATUSES) {
      expect(english.has(`collaboration.packageStatuses.${status}`), status).toBe(true);
    }
    for (const status of PARTICIPANT_SIGNING_STATUSES) {
      expect(english.has(`collaboration.statuses.${status}`), status).toBe(true);
    }
  });
});

describe("texts for a participant who only reviews", () => {
  it("never speaks of signing, in either language", () => {
    for (const texts of [english, spanish]) {
      for (const [key, text] of texts) {
        if (!key.startsWith("review.")) continue;
        expect(text, key).not.toMatch(/\b(sign|firm)/i);
      }
    }
  });

  it("covers every reason a room closes", () => {
    for (const reason of CLOSED_REASONS) {
      expect(english.has(`review.closedTitles.${reason}`), reason).toBe(true);
      expect(english.has(`review.closedBodies.${reason}`), reason).toBe(true);
    }
  });
});

describe("errorTextKey", () => {
  it("maps every signing error code to its own text", () => {
    for (const code of SIGNING_ERROR_CODES) expect(errorTextKey(code, en.errors)).toBe(`errors.${code}`);
  });

  it("maps other codes to a related or a generic text", () => {
    expect(errorTextKey("BAD_REQUEST", en.errors)).toBe("errors.BAD_REQUEST");
    expect(errorTextKey("NETWORK", en.errors)).toBe("errors.NETWORK");
    expect(errorTextKey("INTERNAL", en.errors)).toBe("errors.generic");
    expect(errorTextKey("HTTP_502", en.errors)).toBe("errors.generic");
    expect(errorTextKey("toString", en.errors)).toBe("errors.generic");
  });
});
