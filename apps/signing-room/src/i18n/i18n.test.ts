import {
  CLOSED_REASONS,
  KBA_QUESTIONS,
  PACKAGE_STATUSES,
  PARTICIPANT_LANGUAGES,
  PARTICIPANT_SIGNING_STATUSES,
  SIGNING_ERROR_CODES,
  TAG_TYPES,
} from "@signet/contract";
import { describe, expect, it } from "vitest";
import { en } from "./en.ts";
import { errorTextKey } from "./error-text.ts";
import { es } from "./es.ts";
import { ko } from "./ko.ts";
import { tl } from "./tl.ts";
import { vi } from "./vi.ts";
import { zhHant } from "./zh-Hant.ts";

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
/** every language but English, as the room loads them */
const TRANSLATIONS = { es, "zh-Hant": zhHant, vi, ko, tl } as const;
const translated = Object.entries(TRANSLATIONS).map(([language, tree]) => [language, flatten(tree)] as const);

/**
 * Texts that may equal the English one in any language on purpose: a standard's name, and a
 * placeholder-only text (the radio button's "group: option").
 */
const SAME_AS_ENGLISH = new Set(["seal.fingerprint", "tags.radio"]);

describe("translations", () => {
  it("offers a text file for every language of the contract", () => {
    expect(["en", ...Object.keys(TRANSLATIONS)].sort()).toEqual([...PARTICIPANT_LANGUAGES].sort());
  });

  it("has every English key in each language and no other key", () => {
    for (const [language, texts] of translated) {
      expect(
        [...english.keys()].filter((key) => !texts.has(key)),
        language,
      ).toEqual([]);
      expect(
        [...texts.keys()].filter((key) => !english.has(key)),
        language,
      ).toEqual([]);
    }
  });

  it("has no empty texts", () => {
    for (const [language, texts] of [["en", english] as const, ...translated]) {
      for (const [key, text] of texts) expect(text.trim(), `${language} ${key}`).not.toBe("");
    }
  });

  it("uses the same placeholders in every language", () => {
    for (const [language, texts] of translated) {
      for (const [key, text] of english) {
        expect(placeholders(texts.get(key) ?? ""), `${language} ${key}`).toEqual(placeholders(text));
      }
    }
  });

  it("is really translated: no text equals the English one outside a short list", () => {
    for (const [language, texts] of translated) {
      const same = [...english].filter(([key, text]) => texts.get(key) === text && !SAME_AS_ENGLISH.has(key));
      // Spanish was written before this rule and keeps a few English-looking words (Email, PDF)
      if (language === "es") expect(same.length, language).toBeLessThan(english.size / 10);
      else
        expect(
          same.map(([key]) => key),
          language,
        ).toEqual([]);
    }
  });

  it("leaves no English text in the Chinese and Korean files", () => {
    for (const [language, texts] of translated.filter(([language]) => language === "zh-Hant" || language === "ko")) {
      for (const [key, text] of texts) {
        if (SAME_AS_ENGLISH.has(key)) continue;
        const bare = text.replace(/\{\{\s*\w+\s*\}\}/g, "");
        // a Latin word with not one Chinese or Korean character beside it: English left behind
        const leftInEnglish = /[A-Za-z]{2,}/.test(bare) && !/[\u3400-\u9fff\uac00-\ud7af]/.test(bare);
        expect(leftInEnglish, `${language} ${key}: ${text}`).toBe(false);
      }
    }
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
  it("never speaks of signing, in English or Spanish", () => {
    for (const texts of [english, spanish]) {
      for (const [key, text] of texts) {
        if (!key.startsWith("review.")) continue;
        expect(text, key).not.toMatch(/\b(sign|firm)/i);
      }
    }
  });

  it("never speaks of signing in the other languages either", () => {
    // the word for signing in each: 簽 (sign), ký (sign, but not kỹ), 서명 (signature), lagda/lumagda (sign)
    const SIGNING: Record<string, RegExp> = { "zh-Hant": /簽/, vi: /(^|\s)ký(\s|$)/i, ko: /서명/, tl: /lagd/i };
    for (const [language, texts] of translated) {
      const word = SIGNING[language];
      if (!word) continue;
      for (const [key, text] of texts)
        if (key.startsWith("review.")) expect(text, `${language} ${key}`).not.toMatch(word);
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
