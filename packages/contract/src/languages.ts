import { z } from "zod";

// The languages a participant is served in (issue 33 §6): English plus the languages of the
// translated mortgage disclosures US agencies publish. One list for the signing room, the emails
// participants receive, the certificate of completion and the web app's language choice.

export const PARTICIPANT_LANGUAGES = ["en", "es", "zh-Hant", "vi", "ko", "tl"] as const;
export type ParticipantLanguage = (typeof PARTICIPANT_LANGUAGES)[number];

export interface LanguageInfo {
  /** what a loan officer reads in the web app */
  englishName: string;
  /** what the participant recognizes in the room's switcher */
  ownName: string;
}

export const LANGUAGE_INFO: Record<ParticipantLanguage, LanguageInfo> = {
  en: { englishName: "English", ownName: "English" },
  es: { englishName: "Spanish", ownName: "Español" },
  "zh-Hant": { englishName: "Chinese (Traditional)", ownName: "繁體中文" },
  vi: { englishName: "Vietnamese", ownName: "Tiếng Việt" },
  ko: { englishName: "Korean", ownName: "한국어" },
  tl: { englishName: "Tagalog", ownName: "Tagalog" },
};

const LIST_TEXT = PARTICIPANT_LANGUAGES.map((code) => `${code} (${LANGUAGE_INFO[code].englishName})`).join(", ");

export const participantLanguageSchema = z
  .enum(PARTICIPANT_LANGUAGES)
  .describe(`The language the participant is served in: ${LIST_TEXT}`);

/** A stored value read back as a language; anything unknown (an older row, a typo) is English. */
export function asParticipantLanguage(value: string | null | undefined): ParticipantLanguage {
  return (PARTICIPANT_LANGUAGES as readonly string[]).includes(value ?? "") ? (value as ParticipantLanguage) : "en";
}
