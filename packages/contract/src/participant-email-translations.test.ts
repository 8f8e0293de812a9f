import { describe, expect, it } from "vitest";
import { DEFAULT_EMAIL_TEMPLATES } from "./email-templates.ts";
import { PARTICIPANT_LANGUAGES } from "./languages.ts";
import {
  DEFAULT_INVITATION_SUBJECT,
  LINKLESS_REMINDER,
  PARTICIPANT_EMAIL_KINDS,
  PARTICIPANT_EMAIL_TRANSLATIONS,
} from "./participant-email-translations.ts";

const variables = (text: string) =>
  [...new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1] ?? ""))].sort();

describe("the participant emails in Chinese, Vietnamese, Korean and Tagalog", () => {
  it("use the variables of the English built-in text, no more and no fewer", () => {
    for (const kind of PARTICIPANT_EMAIL_KINDS) {
      const english = DEFAULT_EMAIL_TEMPLATES[kind].en;
      for (const [language, content] of Object.entries(PARTICIPANT_EMAIL_TRANSLATIONS[kind])) {
        expect(variables(content.subject), `${kind} ${language} subject`).toEqual(variables(english.subject));
        expect(variables(content.body), `${kind} ${language} body`).toEqual(variables(english.body));
      }
    }
  });

  it("leave no English sentence behind", () => {
    for (const kind of PARTICIPANT_EMAIL_KINDS) {
      for (const [language, content] of Object.entries(PARTICIPANT_EMAIL_TRANSLATIONS[kind])) {
        const words = content.body.replace(/\{\{[^}]*\}\}/g, "").replace(/<[^>]*>/g, "");
        expect(words, `${kind} ${language}`).not.toMatch(/Hello|Review documents|If you have questions|expires/);
      }
    }
  });

  it("have a default invitation subject and a linkless reminder in every language", () => {
    for (const language of PARTICIPANT_LANGUAGES) expect(DEFAULT_INVITATION_SUBJECT[language].trim()).not.toBe("");
    const english = DEFAULT_EMAIL_TEMPLATES.reminder.en;
    for (const [language, content] of Object.entries(LINKLESS_REMINDER)) {
      // no personal link to give yet: the reminder's variables without {{signingLink}}
      const expected = variables(english.body).filter((name) => name !== "signingLink" && !name.startsWith("brand."));
      expect(variables(content.body), language).toEqual(expected);
      expect(variables(content.subject), language).toEqual(variables(english.subject));
    }
  });
});
