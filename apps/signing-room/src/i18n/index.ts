import { PARTICIPANT_LANGUAGES, type ParticipantLanguage } from "@signet/contract";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { en } from "./en.ts";
import { errorTextKey } from "./error-text.ts";

export type Language = ParticipantLanguage;

// Chinese readers of either script are served Traditional Chinese, the one the agencies translate
// into; Filipino browsers report "fil"
const BROWSER_PREFIXES: [prefix: string, language: Language][] = [
  ["es", "es"],
  ["zh", "zh-Hant"],
  ["vi", "vi"],
  ["ko", "ko"],
  ["tl", "tl"],
  ["fil", "tl"],
];

/** Before the room says which language the participant is served in, follow the browser. */
export function browserLanguage(): Language {
  const asked = navigator.language?.toLowerCase() ?? "";
  return BROWSER_PREFIXES.find(([prefix]) => asked === prefix || asked.startsWith(`${prefix}-`))?.[1] ?? "en";
}

/**
 * English is bundled; every other language loads when a participant's room or browser asks for it
 * (most rooms are in English, and the room's download is counted). Resolves once `language` can be shown.
 */
export async function setupI18n(language: Language) {
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: "en",
    fallbackLng: "en",
    supportedLngs: [...PARTICIPANT_LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  await changeLanguage(language);
  return i18next;
}

const LOADERS: Record<Exclude<Language, "en">, () => Promise<object>> = {
  es: () => import("./es.ts").then((module) => module.es),
  "zh-Hant": () => import("./zh-Hant.ts").then((module) => module.zhHant),
  vi: () => import("./vi.ts").then((module) => module.vi),
  ko: () => import("./ko.ts").then((module) => module.ko),
  tl: () => import("./tl.ts").then((module) => module.tl),
};

async function loadTranslations(language: Language) {
  if (language === "en" || i18next.hasResourceBundle(language, "translation")) return;
  i18next.addResourceBundle(language, "translation", await LOADERS[language]());
}

export async function changeLanguage(language: Language) {
  await loadTranslations(language);
  if (i18next.language !== language) await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

/** The translated text for an API error code. */
export function errorText(code: string): string {
  return i18next.t(errorTextKey(code, en.errors));
}
